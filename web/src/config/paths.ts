/**
 * Every route path of the web app (consumer spec §2, company spec §2 "Full
 * route table", DECISIONS.md "Other gaps"). The router and every link read
 * them from here, so no path is written twice.
 */
export const paths = {
  home: '/',
  consumerLanding: '/user-feedback',
  companyLanding: '/companies',

  auth: '/auth',
  linkedinCallback: '/auth/linkedin/callback',
  companySignup: '/company-signup',

  dashboard: '/app',
  submitFeedback: '/submit-feedback',
  community: '/app/community',
  referrals: '/referrals',
  badges: '/badges',
  rewards: '/rewards',
  experience: '/experience',
  profileAccount: '/profile/account',
  profileSettings: '/profile/settings',
  testAiFeedback: '/test-ai-feedback',

  companyDashboard: '/company-dashboard',
  companySettings: '/company-settings',

  blog: '/blog',
  blogArticle: '/blog/:slug',
  blogAdmin: '/blog-admin',

  privacyPolicy: '/privacy-policy',
  termsConditions: '/terms-conditions',
  companyPrivacyPolicy: '/company-privacy-policy',
  companyTermsConditions: '/company-terms-conditions',
  /** Linked from the footer and company sign-up; redirects (DECISIONS.md). */
  companyPrivacy: '/company-privacy',
  /** Linked from the footer and company sign-up; redirects (DECISIONS.md). */
  companyTerms: '/company-terms',

  notFound: '*',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Address of one blog article, its slug URL-encoded. */
export function blogArticleHref(slug: string): string {
  return paths.blogArticle.replace(':slug', encodeURIComponent(slug));
}
