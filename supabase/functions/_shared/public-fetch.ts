// Calling a host a customer named (their site, their webhook) without
// letting them aim the backend at its own network: every address the host
// resolves to must be public, checked before each request, and redirects
// are followed by hand. Runs on Deno (edge functions) and Node (the
// embedded backend's workers); the resolver is passed in.
import { isPrivateAddress } from '../../../shared/domain/addresses.ts';

/** Resolves a host name to all its addresses (A and AAAA). */
export type Lookup = (host: string) => Promise<string[]>;

const isIpLiteral = (host: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');

/** The host of a URL as a resolver takes it (`[::1]` → `::1`). */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Whether every address of `host` is public: an IP literal is checked as
 * it is, a name through `lookup` (whose errors are passed on). A name with
 * no address is not.
 */
export async function resolvesToPublic(
  host: string,
  lookup: Lookup,
): Promise<boolean> {
  const addresses = isIpLiteral(host) ? [host] : await lookup(host);
  return addresses.length > 0 && !addresses.some(isPrivateAddress);
}

/** A host and its `www.` twin count as one site; nothing else does. */
export function sameSite(a: string, b: string): boolean {
  const bare = (h: string) =>
    h
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^www\./, '');
  return bare(a) === bare(b);
}

/** Why a guarded fetch did not reach its target (a message for users). */
export class RefusedFetch extends Error {}

export interface GuardedFetchOptions {
  fetch: typeof fetch;
  lookup: Lookup;
  /** Redirects followed at most (default 3). */
  maxRedirects?: number;
  /** Hosts an operator configured: their addresses are not checked. */
  trustedHosts?: readonly string[];
  init?: RequestInit;
}

/**
 * GET `start` following at most a few redirects, each only to the same
 * site (http→https and `www.` are fine) and only to public addresses.
 * Throws RefusedFetch with the reason otherwise.
 */
export async function fetchSameSite(
  start: string,
  options: GuardedFetchOptions,
): Promise<Response> {
  const max = options.maxRedirects ?? 3;
  const trusted = new Set(
    (options.trustedHosts ?? []).map((h) => h.toLowerCase()),
  );
  const first = new URL(start);
  let url = first;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new RefusedFetch(
        `It redirects to a non-web address (${url.protocol}).`,
      );
    const host = bareHost(url);
    if (hop > 0 && !sameSite(host, bareHost(first)))
      throw new RefusedFetch(
        `It redirects to another host (${host}); only ${bareHost(first)} and its www. address are followed.`,
      );
    if (!trusted.has(host)) {
      let isPublic: boolean;
      try {
        isPublic = await resolvesToPublic(host, options.lookup);
      } catch {
        throw new RefusedFetch(`${host} could not be resolved.`);
      }
      if (!isPublic)
        throw new RefusedFetch(
          `${host} ${isIpLiteral(host) ? 'is' : 'resolves to'} a private or local address.`,
        );
    }
    const res = await options.fetch(url, {
      ...options.init,
      method: 'GET',
      redirect: 'manual',
    });
    const location = res.headers.get('location');
    if (res.status < 300 || res.status > 399 || !location) return res;
    await res.body?.cancel().catch(() => undefined);
    if (hop >= max)
      throw new RefusedFetch(`It redirects more than ${max} times.`);
    try {
      url = new URL(location, url);
    } catch {
      throw new RefusedFetch('It redirects to an invalid address.');
    }
  }
}
