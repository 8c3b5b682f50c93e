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

export interface DomainFilterGroup {
  /** A verified domain (or a value from the URL not offered otherwise). */
  value: string;
  /** The subdomains feedback came from under it. */
  subs: string[];
}

/**
 * The dashboard's domain filter (#19 item 20): each verified domain with the
 * subdomains feedback came from under it (a host goes under its nearest
 * domain); a value from the URL that is not among them (typed or shared) is
 * kept so the filter shows what is applied.
 */
export function domainFilterOptions(
  domains: readonly string[],
  hosts: readonly string[],
  current = '',
): DomainFilterGroup[] {
  const roots = [...new Set(domains)].sort();
  const groups = roots.map((value) => ({ value, subs: [] as string[] }));
  for (const h of [...new Set(hosts)].sort()) {
    const root = roots
      .filter((r) => h.endsWith(`.${r}`))
      .sort((a, b) => b.length - a.length)[0];
    groups.find((g) => g.value === root)?.subs.push(h);
  }
  const offered = groups.flatMap((g) => [g.value, ...g.subs]);
  if (current && !offered.includes(current))
    groups.push({ value: current, subs: [] });
  return groups;
}
