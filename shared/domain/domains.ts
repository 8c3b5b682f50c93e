/**
 * Texts and rules of a company's domains (issue #19 items 16 and 17).
 * The grace period is the database's private.domain_grace_period().
 */
export const DOMAIN_GRACE_DAYS = 30;

/** A domain another company has verified: said at once, with no figures. */
export function domainClaimedMessage(domain: string): string {
  return `${domain} is already verified by another company. Contact support if you own it.`;
}

/** The question before a verified domain leaves the company's list. */
export function removeVerifiedDomainText(domain: string): string {
  return `Feedback about ${domain} will no longer show in your dashboard. If you add it back within ${DOMAIN_GRACE_DAYS} days, it stays verified; after that you will need to verify it again.`;
}

export interface DomainFilterOption {
  value: string;
  /** A subdomain is listed under its verified domain. */
  sub: boolean;
}

/**
 * The dashboard's domain filter (#19 item 20): each verified domain, then the
 * subdomains feedback came from under it; a value from the URL that is not
 * among them (typed or shared) is kept so the filter shows what is applied.
 */
export function domainFilterOptions(
  domains: readonly string[],
  hosts: readonly string[],
  current = '',
): DomainFilterOption[] {
  const out: DomainFilterOption[] = [];
  const seen = new Set<string>();
  const roots = [...domains].sort();
  for (const d of roots) {
    if (seen.has(d)) continue;
    seen.add(d);
    out.push({ value: d, sub: false });
    for (const h of [...hosts].sort()) {
      // The nearest root takes a host (shop.eu.example.com under eu.example.com).
      const root = roots
        .filter((r) => h.endsWith(`.${r}`))
        .sort((a, b) => b.length - a.length)[0];
      if (root !== d || seen.has(h)) continue;
      seen.add(h);
      out.push({ value: h, sub: true });
    }
  }
  if (current && !seen.has(current)) out.push({ value: current, sub: true });
  return out;
}
