import type { CompanyFeedbackFilters } from '@shared/data/companies';

/** Query keys of company data; every query and invalidation uses them. */
export const companyKeys = {
  all: ['company'] as const,
  mine: (userId: string) => [...companyKeys.all, 'mine', userId] as const,
  allowance: () => [...companyKeys.all, 'allowance'] as const,
  feedback: () => [...companyKeys.all, 'feedback'] as const,
  feedbackList: (filters: CompanyFeedbackFilters) =>
    [...companyKeys.feedback(), 'list', filters] as const,
  domains: () => [...companyKeys.all, 'domains'] as const,
  // Under domains: refreshed with them (domain changes, new feedback), not
  // on every status change or vote.
  feedbackHosts: () => [...companyKeys.domains(), 'hosts'] as const,
  webhooks: () => [...companyKeys.all, 'webhooks'] as const,
  deliveries: () => [...companyKeys.all, 'deliveries'] as const,
};
