// The address a request comes from, decided once at the gateway: the socket's
// peer, unless that peer is a configured trusted proxy, in which case the
// nearest X-Forwarded-For entry that is not itself a trusted proxy. Every
// limit (auth, REST, functions) reads the result, never the client's header.
import { isIP } from 'node:net';

/** `::ffff:1.2.3.4` and `1.2.3.4` are one address. */
export function canonicalAddress(a: string): string {
  const s = a.trim().replace(/^\[|\]$/g, '');
  return s.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();
}

/**
 * `peer` is the socket's remote address; `forwardedFor` the raw header.
 * With no trusted proxies the header is ignored entirely.
 */
export function clientAddress(
  peer: string,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string {
  const self = canonicalAddress(peer);
  if (trustedProxies.length === 0) return self;
  const trusted = new Set(trustedProxies.map(canonicalAddress));
  if (!trusted.has(self)) return self;
  const hops = (forwardedFor ?? '')
    .split(',')
    .map(canonicalAddress)
    .filter((h) => isIP(h) !== 0);
  // Walk from the proxy back towards the client: each trusted hop vouches
  // for the one before it; the first untrusted hop is the client.
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trusted.has(hops[i]!)) return hops[i]!;
  }
  return hops[0] ?? self;
}
