import type { CompanyFeedbackFilters } from '@shared/data/companies';

/**
 * Query keys of company data; every query and invalidation uses them. All
 * of it is private: every key starts with the signed-in user's id, so one
 * account's data can never answer another account's query.
 */
export const companyKeys = {
  all: ['company'] as const,
  account: (userId: string) => [...companyKeys.all, userId] as const,
  mine: (userId: string) => [...companyKeys.account(userId), 'mine'] as const,
  allowance: (userId: string) =>
    [...companyKeys.account(userId), 'allowance'] as const,
  // #35: the plan and its trial (header countdown, plan card, seats).
  plan: (userId: string) => [...companyKeys.account(userId), 'plan'] as const,
  feedback: (userId: string) =>
    [...companyKeys.account(userId), 'feedback'] as const,
  feedbackList: (userId: string, filters: CompanyFeedbackFilters) =>
    [...companyKeys.feedback(userId), 'list', filters] as const,
  domains: (userId: string) =>
    [...companyKeys.account(userId), 'domains'] as const,
  // Under domains: refreshed with them (domain changes, new feedback), not
  // on every status change or vote.
  feedbackHosts: (userId: string) =>
    [...companyKeys.domains(userId), 'hosts'] as const,
  webhooks: (userId: string) =>
    [...companyKeys.account(userId), 'webhooks'] as const,
  deliveries: (userId: string) =>
    [...companyKeys.account(userId), 'deliveries'] as const,
  // #22: connected trackers, and the issues created from a feedback or topic.
  integrations: (userId: string) =>
    [...companyKeys.account(userId), 'integrations'] as const,
  issueLinks: (userId: string, target: string) =>
    [...companyKeys.account(userId), 'issue-links', target] as const,
  // #21: the thread with the author and the triage of one feedback, under
  // feedback: a status change or company event refreshes the log too.
  thread: (userId: string, feedbackId: string) =>
    [...companyKeys.feedback(userId), 'thread', feedbackId] as const,
  triage: (userId: string, feedbackId: string) =>
    [...companyKeys.feedback(userId), 'triage', feedbackId] as const,
  // #22: completed topics and what of them is public.
  completedTopics: (userId: string) =>
    [...companyKeys.account(userId), 'topics', 'completed'] as const,
};
