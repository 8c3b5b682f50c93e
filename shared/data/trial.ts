// The company's plan and its 14-day Pro trial (#35): what the header, the
// plan card and the members card read, and the owner's two actions.
import type { Client, RpcRows } from './client.ts';
import { unwrap } from './client.ts';

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
