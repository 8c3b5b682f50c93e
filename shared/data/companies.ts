import { PLAN_RULES, resolvePlan, type Plan } from '../domain/plans.ts';
import type { FeedbackStatus } from '../domain/statuses.ts';
import type { Client, RpcRows, Tables } from './client.ts';
import { DataError, functionError, toDataError, unwrap } from './client.ts';

export type Company = Tables<'companies'>;
/** A row of the company's inbox (#21: with assignee, team priority, unanswered). */
export type CompanyFeedback = RpcRows<'get_company_inbox'>[number];
export type CompanyFeedbackDetail =
  RpcRows<'get_company_feedback_detail'>[number];
export type ViewAllowance = RpcRows<'get_company_view_allowance'>[number];
export type DomainSummary = RpcRows<'get_company_domain_summary'>[number];
export type DomainInstructions = RpcRows<'request_domain_verification'>[number];
export type Webhook = Tables<'company_webhooks'>;
export type WebhookDelivery = Tables<'company_webhook_deliveries'>;
export type ViewedFeedback = RpcRows<'get_viewed_feedback_export'>[number];

/**
 * The company the signed-in user is a member of (owner, admin or member;
 * #21), or null when they are in none. Found through membership, never
 * through companies.user_id (which names only the owner).
 */
export async function getMyCompany(
  client: Client,
  userId: string,
): Promise<Company | null> {
  const { data, error } = await client
    .from('company_members')
    .select('company:companies(*)')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw toDataError(error);
  return data?.company ?? null;
}

/**
 * The company form of a signed-in account without a company (the free plan
 * comes with it): one server function, which refuses it without the company
 * terms and stamps its own time (DECISIONS "Becoming a company").
 */
export async function registerCompany(
  client: Client,
  args: {
    companyName: string;
    websiteUrl: string | null;
    domains: readonly string[];
    termsAccepted: true;
  },
): Promise<Company> {
  return unwrap(
    await client
      .rpc('register_company', {
        p_company_name: args.companyName,
        p_website_url: args.websiteUrl ?? '',
        p_domains: [...args.domains],
        p_accept_terms: args.termsAccepted,
      })
      .single(),
  );
}

/**
 * User metadata of the company sign-up: the database creates the company
 * from it in the same transaction as the account (a trigger on auth.users),
 * so a sign-up never leaves an account without its company, with or without
 * e-mail confirmation.
 */
export function companySignUpMetadata(args: {
  companyName: string;
  websiteUrl: string | null;
  domains: readonly string[];
}) {
  return {
    full_name: args.companyName,
    account_type: 'company',
    company_terms_accepted: true,
    company_name: args.companyName,
    website_url: args.websiteUrl,
    domains: [...args.domains],
  };
}

/** Saves the Company Details card or the notifications switch. */
export async function updateCompany(
  client: Client,
  id: string,
  patch: {
    companyName?: string;
    websiteUrl?: string | null;
    domains?: readonly string[];
    notificationsEnabled?: boolean;
  },
): Promise<Company> {
  return unwrap(
    await client
      .from('companies')
      .update({
        ...(patch.companyName !== undefined
          ? { company_name: patch.companyName }
          : {}),
        ...(patch.websiteUrl !== undefined
          ? { website_url: patch.websiteUrl }
          : {}),
        ...(patch.domains !== undefined ? { domains: [...patch.domains] } : {}),
        ...(patch.notificationsEnabled !== undefined
          ? { notifications_enabled: patch.notificationsEnabled }
          : {}),
      })
      .eq('id', id)
      .select('*')
      .single(),
  );
}

/**
 * The company's plan and view allowance. A failure to read it counts as the
 * free plan with nothing unlocked (spec §8 "Subscription fetch error").
 */
export async function getViewAllowance(
  client: Client,
): Promise<ViewAllowance & { plan: Plan }> {
  const { data, error } = await client.rpc('get_company_view_allowance');
  const row = !error ? data?.[0] : undefined;
  const free = PLAN_RULES.free.viewLimit ?? 0;
  if (!row)
    return {
      plan: 'free',
      view_period: 'utc-day',
      view_limit: free,
      views_used: 0,
      views_remaining: free,
      resets_at: '',
      filtering: false,
      demo_mode: false,
    };
  return { ...row, plan: resolvePlan(row.plan) };
}

/** Dashboard filters; category, status and dates need a paid plan. */
export interface CompanyFeedbackFilters {
  page: number;
  pageSize: number;
  search?: string;
  domain?: string;
  category?: string;
  status?: string;
  from?: string;
  to?: string;
  /** #21: newest (default), votes or priority. */
  sort?: 'newest' | 'votes' | 'priority';
  /** #21: 'me', 'none' or a member's id. */
  assignee?: string;
  /** #21: only feedback whose author waits for the team. */
  unanswered?: boolean;
}

/** One page of the company's feedback (verified domains only, anonymous). */
export async function listCompanyFeedback(
  client: Client,
  f: CompanyFeedbackFilters,
): Promise<{ rows: CompanyFeedback[]; total: number }> {
  const rows = unwrap(
    await client.rpc('get_company_inbox', {
      p_page: f.page,
      p_page_size: f.pageSize,
      ...(f.search ? { p_search: f.search } : {}),
      ...(f.domain ? { p_domain: f.domain } : {}),
      ...(f.category ? { p_category: f.category } : {}),
      ...(f.status ? { p_status: f.status } : {}),
      ...(f.from ? { p_from: f.from } : {}),
      ...(f.to ? { p_to: f.to } : {}),
      ...(f.sort && f.sort !== 'newest' ? { p_sort: f.sort } : {}),
      ...(f.assignee ? { p_assignee: f.assignee } : {}),
      ...(f.unanswered ? { p_unanswered: true } : {}),
    }),
  );
  return { rows, total: Number(rows[0]?.total_count ?? 0) };
}

/**
 * Opens a feedback through the server's allowance (records the view, pending
 * becomes read). Refused when the allowance is used up: a DataError with
 * code VIEW_LIMIT_REACHED_CODE (see isViewLimitReached).
 */
export async function openCompanyFeedback(
  client: Client,
  id: string,
): Promise<CompanyFeedbackDetail> {
  const rows = unwrap(
    await client.rpc('get_company_feedback_detail', { feedback_uuid: id }),
  );
  const row = rows[0];
  if (!row) throw new DataError('Feedback not found', 'PGRST116', 404);
  return row;
}

/** Moves a feedback along the workflow. */
export async function setFeedbackStatus(
  client: Client,
  id: string,
  status: FeedbackStatus,
): Promise<void> {
  unwrap(
    await client.rpc('update_feedback_status', {
      feedback_uuid: id,
      new_status: status,
    }),
  );
}

/** Rates a feedback 1–5 stars (replaces the AI quality estimate). */
export async function rateFeedback(
  client: Client,
  id: string,
  rating: number,
): Promise<void> {
  unwrap(await client.rpc('rate_feedback', { feedback_uuid: id, rating }));
}

/** Demo mode only: the view count starts again at 0. */
export async function resetDailyViews(client: Client): Promise<void> {
  unwrap(await client.rpc('reset_daily_feedback_views', {}));
}

/** The company's domains with verification state and feedback counts. */
export async function listDomainSummary(
  client: Client,
): Promise<DomainSummary[]> {
  return unwrap(await client.rpc('get_company_domain_summary'));
}

/** The hosts the company's feedback comes from (verified domains and their subdomains). */
export async function listCompanyFeedbackHosts(
  client: Client,
): Promise<string[]> {
  const rows = unwrap(await client.rpc('get_company_feedback_hosts'));
  return rows.map((r) => r.host);
}

/** Whether another company has verified a domain (no figures). */
export async function checkCompanyDomain(
  client: Client,
  domain: string,
): Promise<{ domain: string; claimed: boolean }> {
  const rows = unwrap(
    await client.rpc('check_company_domain', { p_domain: domain }),
  );
  return rows[0] ?? { domain, claimed: false };
}

/** Where and what to publish to prove a domain. */
export async function getDomainInstructions(
  client: Client,
  domain: string,
): Promise<DomainInstructions> {
  const rows = unwrap(
    await client.rpc('request_domain_verification', { p_domain: domain }),
  );
  const row = rows[0];
  if (!row) throw new DataError('Unknown domain', undefined, 400);
  return row;
}

/**
 * Asks the server to check the DNS record or the file; resolves with
 * whether the domain is now verified and, if not, why.
 */
export async function verifyDomain(
  client: Client,
  domain: string,
): Promise<{ verified: boolean; error: string | null }> {
  const { data, error } = await client.functions.invoke<{
    verified: boolean;
    error: string | null;
  }>('verify-domain', { body: { domain } });
  if (error) throw await functionError(error);
  return { verified: Boolean(data?.verified), error: data?.error ?? null };
}

/** The company's webhooks, oldest first. */
export async function listWebhooks(client: Client): Promise<Webhook[]> {
  return unwrap(
    await client.from('company_webhooks').select('*').order('created_at'),
  );
}

/** Registers a webhook (URL checked by the server). */
export async function createWebhook(
  client: Client,
  url: string,
  format: 'json' | 'slack',
): Promise<Webhook> {
  return unwrap(
    await client.rpc('create_company_webhook', {
      p_url: url,
      p_format: format,
    }),
  );
}

/** Removes a webhook and its delivery log. */
export async function deleteWebhook(client: Client, id: string): Promise<void> {
  unwrap(await client.from('company_webhooks').delete().eq('id', id));
}

/** The latest webhook deliveries of the company. */
export async function listWebhookDeliveries(
  client: Client,
  limit = 20,
): Promise<WebhookDelivery[]> {
  return unwrap(
    await client
      .from('company_webhook_deliveries')
      .select('*')
      .order('created_at', { ascending: false })
      .limit(limit),
  );
}

/** Every feedback the company has opened, for the CSV export. */
export async function listViewedFeedback(
  client: Client,
): Promise<ViewedFeedback[]> {
  return unwrap(await client.rpc('get_viewed_feedback_export'));
}
