import type { DomainClaim } from '../domain/claims.ts';
import { toDataError, unwrap, type Client, type RpcRows } from './client.ts';

/**
 * The public claim page of a domain (#35): claimed (no figures), or the
 * bucketed counts of its waiting feedback. Anyone may ask; an invalid domain
 * is an error with the form's message.
 */
export async function getDomainClaim(
  client: Client,
  domain: string,
): Promise<DomainClaim> {
  const { data, error } = await client.rpc('get_domain_claim', {
    p_domain: domain,
  });
  if (error) throw toDataError(error);
  return data as unknown as DomainClaim;
}

export type WaitingSite = RpcRows<'get_my_waiting_sites'>[number];

/** The caller's sites that no company has verified yet, with bucketed counts. */
export async function listMyWaitingSites(
  client: Client,
): Promise<WaitingSite[]> {
  return unwrap(await client.rpc('get_my_waiting_sites')) ?? [];
}

export type WaitingDomain = RpcRows<'get_waiting_domains'>[number];

/** Operators: the unclaimed sites with the most waiting feedback. */
export async function listWaitingDomains(
  client: Client,
  limit = 50,
): Promise<WaitingDomain[]> {
  return (
    unwrap(await client.rpc('get_waiting_domains', { p_limit: limit })) ?? []
  );
}
