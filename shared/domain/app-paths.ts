/**
 * Every route path of the web app (consumer spec §2, company spec §2 "Full
 * route table", DECISIONS.md "Other gaps"). The router and every link read
 * them (through web/src/config/paths.ts), and the page server answers 404
 * for any other address (issue #19 item 12), so no path is written twice.
 */
export const paths = {
  home: '/',
  consumerLanding: '/user-feedback',
  companyLanding: '/companies',

  auth: '/auth',
  linkedinCallback: '/auth/linkedin/callback',
  /** The extension's "Open dashboard" lands here signed in (#40 item 17). */
  sessionHandover: '/auth/handover',
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
  /** Charts of the company's feedback over the weeks (#22). */
  companyInsights: '/company-dashboard/insights',
  companySettings: '/company-settings',
  /** Where an invitation e-mail leads (`?token=`): join a company (#21). */
  companyInvitation: '/company-invitation',

  blog: '/blog',
  blogArticle: '/blog/:slug',
  blogAdmin: '/blog-admin',

  /** A company's public "You said, we did" page (#22). */
  publicChanges: '/changes/:slug',
  /** How much feedback waits for a domain, and how to claim it (#35). */
  claimDomain: '/claim/:domain',

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

/** Link of a company invitation (the token in the query, kept through sign-up). */
export function companyInvitationPath(token: string): string {
  return `${paths.companyInvitation}?token=${encodeURIComponent(token)}`;
}

/** The claim page of a domain (#35). */
export function claimPath(domain: string): string {
  return paths.claimDomain.replace(':domain', encodeURIComponent(domain));
}

/** Where an author's feedback is on their dashboard (the author e-mail's link, #21). */
export function authorFeedbackPath(feedbackId: string): string {
  return `${paths.dashboard}#feedback-${encodeURIComponent(feedbackId)}`;
}

/** The author's e-mail settings (the author e-mail's unsubscribe link, #21). */
export const EMAIL_SETTINGS_ANCHOR = 'email-notifications';
export const emailSettingsPath = `${paths.profileAccount}#${EMAIL_SETTINGS_ANCHOR}`;

/** Where a member turns the weekly summary e-mail off (its link, #22). */
export const WEEKLY_SUMMARY_ANCHOR = 'weekly-summary';
export const weeklySummarySettingsPath = `${paths.companySettings}#${WEEKLY_SUMMARY_ANCHOR}`;

/** Addresses the app has a screen for (the 404 page aside). */
export function isAppPath(pathname: string): boolean {
  return Object.values(paths).some((route) => {
    if (route === '*') return false;
    if (!route.includes(':')) return route === pathname;
    // `/blog/:slug`: one non-empty segment in place of each parameter.
    const pattern = route.replace(/:[^/]+/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(pathname);
  });
}

/** Company sign-up with the domain a claim page is about filled in (#35). */
export function claimSignupPath(domain: string): string {
  return `${paths.companySignup}?domain=${encodeURIComponent(domain)}`;
}
