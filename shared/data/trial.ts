// The company's plan, its 14-day Pro trial and its billing (#35): what the
// header, the plan card and the members card read, and the owner's actions.
import type { Client, RpcRows } from './client.ts';
import { DataError, functionError, unwrap } from './client.ts';

export type CompanyPlan = RpcRows<'get_company_plan'>[number];

/** Plan, trial (status, end, why it cannot start), role and read-only seat. */
export async function getCompanyPlan(client: Client): Promise<CompanyPlan> {
  return unwrap(await client.rpc('get_company_plan').single());
}

/** The owner starts the trial; resolves with when it ends (ISO). */
export async function startTrial(client: Client): Promise<string> {
  return unwrap(await client.rpc('start_trial'));
}

/** The owner keeps a read-only member on a free seat, or frees theirs. */
export async function setMemberSeat(
  client: Client,
  userId: string,
  keep: boolean,
): Promise<void> {
  unwrap(
    await client.rpc('set_member_seat', { p_user_id: userId, p_keep: keep }),
  );
}

/**
 * Where the owner goes to pay (#35 billing): a Stripe Checkout Session for
 * `plan`, or the Customer Portal. Rejects with the function's words.
 */
export async function openBilling(
  client: Client,
  request:
    { action: 'checkout'; plan: 'pro' | 'advanced' } | { action: 'portal' },
): Promise<string> {
  const { data, error } = await client.functions.invoke<{ url: string }>(
    'billing',
    { body: request },
  );
  if (error) throw await functionError(error);
  if (!data?.url)
    throw new DataError('Stripe gave no address.', undefined, 502);
  return data.url;
}
