/**
 * Host normalisation and company domain matching (company spec §3, §5;
 * DECISIONS.md "Which feedback a company sees" and "Domains"). The server
 * applies the same rules; the spec's substring ("contains") rule is replaced
 * by exact-or-subdomain matching so `notexample.com` never matches
 * `example.com`.
 */

/** Longest host name, in characters (RFC 1035). */
export const MAX_HOSTNAME_LENGTH = 253;

/** Longest label of a host name, in characters. */
export const MAX_LABEL_LENGTH = 63;

const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Lower-case scheme of a URL-like input (`'https'` for `HTTPS://x.io`,
 * `'mailto'` for `mailto:a@b.io`), or null when it has none. A colon
 * followed by a digit is a port, not a scheme: `example.com:8080` → null.
 */
export function urlScheme(input: string): string | null {
  return SCHEME.exec(input.trim())?.[1]?.toLowerCase() ?? null;
}

/**
 * Normalised host of a URL or bare host name, or null when there is none:
 * - trims; accepts `http:`, `https:` or no scheme (any other scheme,
 *   e.g. `chrome://` or `mailto:`, gives null);
 * - drops user info, port, path, query and fragment;
 * - lowercases and converts international names to punycode;
 * - removes one trailing dot and one leading `www.` (only when a dot remains
 *   after it, so `www.com` stays `www.com`).
 *
 * The result is not checked to be a valid domain; see {@link isValidHostname}.
 * Examples: `'https://WWW.Example.com:8080/a?b'` → `'example.com'`,
 * `'shop.example.com'` → `'shop.example.com'`, `''` → null.
 */
export function normalizeHost(input: string | null | undefined): string | null {
  const trimmed = (input ?? '').trim();
  if (trimmed === '') return null;
  const scheme = urlScheme(trimmed);
  if (scheme !== null && scheme !== 'http' && scheme !== 'https') {
    return null;
  }
  let host: string;
  try {
    host = new URL(scheme === null ? `http://${trimmed}` : trimmed).hostname;
  } catch {
    return null;
  }
  host = host.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('www.') && host.indexOf('.', 4) !== -1) {
    host = host.slice(4);
  }
  return host === '' ? null : host;
}

/**
 * True when `host` (already normalised) is a public-style host name: at most
 * 253 characters; at least two dot-separated labels; each label 1–63
 * characters of `a-z`, `0-9` and inner hyphens; a top-level label of letters
 * (or punycode `xn--…`). Rejects IP addresses, `localhost`, underscores,
 * empty labels and upper case.
 */
export function isValidHostname(host: string): boolean {
  if (host.length === 0 || host.length > MAX_HOSTNAME_LENGTH) return false;
  const labels = host.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? '';
  return (
    labels.every(
      (label) => label.length <= MAX_LABEL_LENGTH && LABEL.test(label),
    ) && TOP_LEVEL_LABEL.test(tld)
  );
}

const IPV4 =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** A bracketed IPv6 literal as `URL.hostname` gives it, e.g. `[::1]`. */
const IPV6 = /^\[[0-9a-f.]*:[0-9a-f:.]*\]$/;

/**
 * True when `host` (normalised) may be the host of a page feedback is
 * about: a public-style name ({@link isValidHostname}), `localhost`, an IPv4
 * or bracketed IPv6 address, or — when the address was typed or read with
 * an explicit `http(s)://` — a one-label intranet name such as `intranet`
 * (a developer testing their own site is a core user; a bare word typed
 * without a scheme stays a typo). Company domains stay public-style only.
 */
export function isValidWebsiteHost(
  host: string,
  explicitScheme: boolean,
): boolean {
  if (isValidHostname(host)) return true;
  if (host === 'localhost' || IPV4.test(host) || IPV6.test(host)) return true;
  return (
    explicitScheme &&
    host.length <= MAX_LABEL_LENGTH &&
    LABEL.test(host) &&
    /[a-z]/.test(host)
  );
}

/**
 * Normalised, valid host of one domain entry typed by a company (a bare
 * domain or a full URL), or null when it is empty or not a valid host name.
 */
export function normalizeDomain(
  input: string | null | undefined,
): string | null {
  const host = normalizeHost(input);
  return host !== null && isValidHostname(host) ? host : null;
}

/**
 * The company's domains from the stored comma-separated `domain` string or
 * from a list: entries split on commas and whitespace, normalised with
 * {@link normalizeDomain}; empty and invalid entries and duplicates dropped;
 * first-seen order kept. `'Example.com, www.example.com,,shop.io'` →
 * `['example.com', 'shop.io']`.
 */
export function parseDomainList(
  value: string | readonly string[] | null | undefined,
): string[] {
  const entries = (typeof value === 'string' ? [value] : (value ?? [])).flatMap(
    (entry) => entry.split(/[\s,]+/),
  );
  const domains: string[] = [];
  for (const entry of entries) {
    const domain = normalizeDomain(entry);
    if (domain !== null && !domains.includes(domain)) domains.push(domain);
  }
  return domains;
}
