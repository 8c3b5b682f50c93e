// The caller's address as the platform in front of a service decided it, for
// per-address limits in edge functions (the database's
// private.request_address() reads the same two headers the same way).
// Hosted Supabase sits behind Cloudflare, which sets CF-Connecting-IP itself,
// replacing any value the client sent, and appends the peer it saw to the
// client's X-Forwarded-For: the leftmost entry of that header is whatever the
// client typed, so only the rightmost is the gateway's. The embedded backend
// sets both headers to the one address it decided.

/** `::ffff:1.2.3.4` and `1.2.3.4` are one address; null when there is none. */
function canonical(value: string | null | undefined): string | null {
  const s = (value ?? '').trim().toLowerCase();
  return s.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') || null;
}

/** The address of the request whose headers `get` reads, or null. */
export function requestAddress(
  get: (name: string) => string | null | undefined,
): string | null {
  return (
    canonical(get('cf-connecting-ip')) ??
    canonical(get('x-forwarded-for')?.split(',').at(-1))
  );
}
