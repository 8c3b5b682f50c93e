/**
 * Guessing a company's name from the page a consumer is on (extension popup).
 */

/** What the page tells about itself. */
export interface PageIdentity {
  /** `og:site_name`, when present. */
  readonly siteName: string | null;
  /** The document title. */
  readonly title: string;
  /** The page's host name, e.g. `www.shop.example.co.uk`. */
  readonly host: string;
}

/** Second-level labels under which the registrable name sits one level deeper. */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu']);

/** Separators sites put between a page's title and the site's name. */
const TITLE_SEPARATORS = /\s+[|–—·•:-]\s+/;

/**
 * The company name to prefill: `og:site_name` when present (trimmed); else
 * the last part of a title like 'Cart | Acme Shop' when it is short (≤ 40
 * characters, at most 4 words); else the host's registrable label with a
 * capital, e.g. `www.shop.example.co.uk` → 'Example'. An IP address or an
 * empty host gives ''.
 */
export function guessCompanyName(page: PageIdentity): string {
  const site = page.siteName?.trim();
  if (site) return site;
  const parts = page.title.split(TITLE_SEPARATORS).map((p) => p.trim());
  if (parts.length > 1) {
    const last = parts[parts.length - 1] ?? '';
    if (last && last.length <= 40 && last.split(/\s+/).length <= 4) return last;
  }
  return hostLabel(page.host);
}

function hostLabel(host: string): string {
  const clean = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (!clean || /^[\d.]+$/.test(clean) || clean.includes(':')) return '';
  const labels = clean.split('.').filter(Boolean);
  if (labels.length === 1) return capitalise(labels[0] ?? '');
  let index = labels.length - 2;
  if (
    labels.length >= 3 &&
    SECOND_LEVEL.has(labels[index] ?? '') &&
    (labels[labels.length - 1] ?? '').length === 2
  ) {
    index -= 1;
  }
  return capitalise(labels[index] ?? '');
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
