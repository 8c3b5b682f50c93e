import { isIP } from 'node:net';
import type { BackendContext } from '../context.ts';
import type { ServiceRequest } from '../http.ts';

const isLoopback = (host: string) => {
  const h = host.replace(/^\[|\]$/g, '');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h === '::1';
};

/**
 * GoTrue's `IsRedirectURLValid` with the site URL (our public URL) and an
 * empty allow list: same scheme and host as the site (any port on loopback,
 * RFC 8252), or any loopback address; everything else is refused so links
 * cannot redirect to foreign sites.
 */
export function isRedirectAllowed(
  ctx: BackendContext,
  target: string,
): boolean {
  if (!target) return false;
  let base: URL;
  let url: URL;
  try {
    base = new URL(ctx.config.publicUrl);
    url = new URL(target);
  } catch {
    return false;
  }
  if (
    url.hostname === base.hostname &&
    url.protocol === base.protocol &&
    (url.port === base.port || isLoopback(url.hostname))
  ) {
    return true;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 && isLoopback(host);
}

/**
 * `GetReferrer`: `redirect_to` (header, then query) if allowed, else the
 * Referer header if allowed, else the site URL.
 */
export function redirectTarget(
  ctx: BackendContext,
  req: ServiceRequest,
): string {
  const asked =
    req.headers.redirect_to || (req.url.searchParams.get('redirect_to') ?? '');
  if (isRedirectAllowed(ctx, asked)) return asked;
  const referer = req.headers.referer ?? '';
  if (isRedirectAllowed(ctx, referer)) return referer;
  return ctx.config.publicUrl;
}
