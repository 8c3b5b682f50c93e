import type { User } from '@supabase/supabase-js';
import { resolvePlan, type Plan } from '../domain/plans.ts';
import type { FeedbackStatus } from '../domain/statuses.ts';
import type { Client, RpcRows, Tables } from './client.ts';
import { DataError, toDataError, unwrap } from './client.ts';

export type Company = Tables<'companies'>;
export type CompanyFeedback = RpcRows<'get_company_feedback'>[number];
export type CompanyFeedbackDetail =
  RpcRows<'get_company_feedback_detail'>[number];
export type ViewAllowance = RpcRows<'get_company_view_allowance'>[number];
export type DomainSummary = RpcRows<'get_company_domain_summary'>[number];
export type DomainInstructions = RpcRows<'request_domain_verification'>[number];
export type Webhook = Tables<'company_webhooks'>;
export type WebhookDelivery = Tables<'company_webhook_deliveries'>;
export type ViewedFeedback = RpcRows<'get_viewed_feedback_export'>[number];

/** The signed-in user's company, or null when they have none. */
export async function getMyCompany(
  client: Client,
  userId: string,
): Promise<Company | null> {
  return unwrap(
    await client
      .from('companies')
      .select('*')
      .eq('user_id', userId)
      .maybeSingle(),
  );
}

/**
 * Registers the signed-in user's company (the free plan comes with it). Only
 * the company form calls it, with the company terms ticked: the server
 * refuses a company without `terms_accepted_at` and stamps its own time.
 */
export async function createCompany(
  client: Client,
  args: {
    userId: string;
    email: string;
    companyName: string;
    websiteUrl: string | null;
    domains: readonly string[];
    termsAccepted: true;
  },
): Promise<Company> {
  return unwrap(
    await client
      .from('companies')
      .insert({
        user_id: args.userId,
        email: args.email,
        company_name: args.companyName,
        website_url: args.websiteUrl,
        domains: [...args.domains],
        terms_accepted_at: new Date().toISOString(),
      })
      .select('*')
      .single(),
  );
}

/**
 * Company details kept in the auth user's metadata by the company sign-up
 * form (terms ticked) when the account had to confirm its e-mail first;
 * null for any other account, e.g. a consumer's.
 */
function signUpDetails(metadata: Record<string, unknown> | undefined) {
  const name = metadata?.company_name;
  if (metadata?.account_type !== 'company' || typeof name !== 'string')
    return null;
  if (!name.trim() || metadata.company_terms_accepted !== true) return null;
  const website = metadata.website_url;
  const domains = metadata.domains;
  return {
    companyName: name,
    websiteUrl: typeof website === 'string' && website ? website : null,
    domains: Array.isArray(domains)
      ? domains.filter((d): d is string => typeof d === 'string')
      : [],
  };
}

/**
 * The user's company. A company that signed up through the form and had to
 * confirm its e-mail first gets it created from the details it gave then
 * (`created` true; details that no longer pass the server's checks keep
 * the name only). Anyone else without a company gets null: becoming a
 * company takes the company form and its terms (DECISIONS), never a
 * silent default.
 */
export async function ensureCompany(
  client: Client,
  user: Pick<User, 'id' | 'email' | 'user_metadata'>,
): Promise<{ company: Company | null; created: boolean }> {
  const existing = await getMyCompany(client, user.id);
  if (existing) return { company: existing, created: false };
  const details = signUpDetails(user.user_metadata);
  if (!details) return { company: null, created: false };
  const base = {
    userId: user.id,
    email: user.email ?? '',
    termsAccepted: true,
  } as const;
  try {
    return {
      company: await createCompany(client, { ...base, ...details }),
      created: true,
    };
  } catch {
    return {
      company: await createCompany(client, {
        ...base,
        companyName: details.companyName,
        websiteUrl: null,
        domains: [],
      }),
      created: true,
    };
  }
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
  if (!row)
    return {
      plan: 'free',
      view_period: 'utc-day',
      view_limit: 5,
      views_used: 0,
      views_remaining: 5,
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
}

/** One page of the company's feedback (verified domains only, anonymous). */
export async function listCompanyFeedback(
  client: Client,
  f: CompanyFeedbackFilters,
): Promise<{ rows: CompanyFeedback[]; total: number }> {
  const rows = unwrap(
    await client.rpc('get_company_feedback', {
      p_page: f.page,
      p_page_size: f.pageSize,
      ...(f.search ? { p_search: f.search } : {}),
      ...(f.domain ? { p_domain: f.domain } : {}),
      ...(f.category ? { p_category: f.category } : {}),
      ...(f.status ? { p_status: f.status } : {}),
      ...(f.from ? { p_from: f.from } : {}),
      ...(f.to ? { p_to: f.to } : {}),
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
  if (error) {
    const context = (error as { context?: unknown }).context;
    if (context instanceof Response) {
      const body = (await context.json().catch(() => null)) as {
        error?: string;
      } | null;
      throw new DataError(
        body?.error ?? error.message,
        undefined,
        context.status,
      );
    }
    throw toDataError(error);
  }
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
