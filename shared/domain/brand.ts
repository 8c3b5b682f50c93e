/**
 * Brand names, kept in one module so a rename touches one file
 * (DECISIONS.md, "Product name").
 */

/** Consumer-facing brand: landing page, app header, extension, e-mails. */
export const CONSUMER_BRAND = 'Peega';

/** Company-facing brand: company landing page, sign-up and dashboard. */
export const COMPANY_BRAND = 'Peega for Business';

/**
 * Lower-case brand token the spec writes as `{product}` in anchors and ids,
 * e.g. the consumer landing anchor `why-peega`.
 */
export const BRAND_SLUG = 'peega';

/** Which side of the product a screen belongs to. */
export type Audience = 'consumer' | 'company';

/**
 * Brand name for an audience: `'Peega'` for consumers, `'Peega for Business'`
 * for companies.
 */
export function brandFor(audience: Audience): string {
  return audience === 'company' ? COMPANY_BRAND : CONSUMER_BRAND;
}

/** Where users and companies write to the team (footer, legal pages). */
export const CONTACT_EMAIL = 'hello@peega.app';

/** The seed's demo company account (supabase/seed.sql), shown in demo mode only. */
export const DEMO_COMPANY_EMAIL = 'company@example.com';
