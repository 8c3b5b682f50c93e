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
