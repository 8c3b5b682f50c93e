import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { paths } from '../../../shared/domain/app-paths.ts';
import { baseURL } from '../../../playwright.config.ts';
import { withSession } from './support.ts';

// Issue #20: axe-core on every route of the route table, at desktop and
// phone width, in the states a user meets them in: no serious or critical
// WCAG 2.1 A/AA violation.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];

type Visit = {
  /** What the report calls it. */
  name: string;
  /** The route-table path this visit covers (for the coverage check). */
  route: string;
  url: string;
  /** Brings the page into the state to audit (a dialog open, …). */
  then?: (page: Page) => Promise<void>;
};

const visit = (route: string, url = route, then?: Visit['then']): Visit => ({
  name: url,
  route,
  url,
  then,
});

const ARTICLE = '/blog/what-companies-see';

const SIGNED_OUT: Visit[] = [
  visit(paths.home),
  visit(paths.consumerLanding),
  visit(paths.companyLanding),
  visit(paths.auth),
  visit(paths.auth, '/auth?mode=signup'),
  visit(paths.linkedinCallback, '/auth/linkedin/callback?error=access_denied'),
  // #40 item 17: a spent code from the extension asks to sign in.
  visit(paths.sessionHandover, `/auth/handover#handover=${'0'.repeat(64)}`),
  visit(paths.companySignup),
  visit(paths.companySignup, '/company-signup?mode=signin'),
  visit(paths.rewards),
  visit(paths.testAiFeedback),
  visit(paths.blog),
  visit(paths.blogArticle, ARTICLE),
  visit(paths.blogAdmin),
  visit(paths.privacyPolicy),
  visit(paths.termsConditions),
  visit(paths.companyPrivacyPolicy),
  visit(paths.companyTermsConditions),
  visit(paths.notFound, '/no-such-page'),
  // Issue #21: an invitation link that is not (or no longer) valid; the
  // sign-up form on a valid one is audited in company-team.spec.ts.
  visit(paths.companyInvitation, '/company-invitation?token=unknown'),
  visit('/extension'),
  // Issue #22: a company's "You said, we did" page (an address no company
  // chose: the not-found state; a published one is in public-changes.spec.ts).
  visit(paths.publicChanges, '/changes/no-such-company'),
  // Issue #35: the claim page of a domain (the demo's feedback waits for some).
  visit(paths.claimDomain, '/claim/example.com'),
];

const CONSUMER: Visit[] = [
  visit(paths.dashboard),
  visit(paths.dashboard, '/app#menu', async (page) => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
  }),
  visit(paths.submitFeedback),
  visit(paths.community),
  visit(paths.referrals),
  visit(paths.badges),
  visit(paths.experience),
  visit(paths.profileAccount),
  visit(paths.profileSettings),
  visit(paths.rewards),
  visit(paths.blogArticle, `${ARTICLE}#signed-in`),
];

const COMPANY: Visit[] = [
  visit(paths.companyDashboard),
  visit(paths.companyDashboard, '/company-dashboard#detail', async (page) => {
    const first = page.getByTestId('company-feedback-item').first();
    await first
      .getByRole('button')
      .filter({ has: page.locator('h3') })
      .click();
    await expect(page.getByTestId('feedback-detail')).toBeVisible();
  }),
  visit(paths.companySettings),
  // Issue #22: the Topics view with its proposals, and Insights.
  visit(paths.companyDashboard, '/company-dashboard?view=topics'),
  visit(paths.companyInsights),
];

const ADMIN: Visit[] = [
  visit(paths.blogAdmin),
  visit(paths.blogAdmin, '/blog-admin#editor', async (page) => {
    await page.getByRole('button', { name: 'New Article' }).click();
    await expect(
      page.getByRole('heading', { name: 'New Article' }),
    ).toBeVisible();
  }),
  visit(paths.blogAdmin, '/blog-admin#preview', async (page) => {
    await page.getByRole('button', { name: 'New Article' }).click();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(
      page.getByRole('dialog', { name: 'Article Preview' }),
    ).toBeVisible();
  }),
];

type Finding = string;

/** One readable line per violation and the first few elements it hit. */
function describe(
  where: string,
  v: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number],
): Finding {
  const nodes = v.nodes
    .slice(0, 5)
    .map(
      (n) =>
        `      ${n.target.join(' ')}\n        ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
    )
    .join('\n');
  return `${where}: [${v.impact}] ${v.id} — ${v.help} (${v.nodes.length}×)\n${nodes}`;
}

async function settle(page: Page) {
  // Lazy screens show a spinner first; the audit is of the screen, with
  // its heading drawn.
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('[role="status"]:has(.animate-spin)')).toHaveCount(
    0,
    { timeout: 10_000 },
  );
  await expect(page.locator('.animate-pulse')).toHaveCount(0, {
    timeout: 10_000,
  });
}

async function audit(browser: Browser, visits: Visit[], email?: string) {
  const context = await browser.newContext({ baseURL });
  if (email) await withSession(context, email);
  const page = await context.newPage();
  const findings: Finding[] = [];
  for (const v of visits) {
    await page.setViewportSize(VIEWPORTS[0]!);
    await page.goto(v.url);
    // The audit is of the screen at rest: a colour half-way through a
    // transition (a button enabling as its data arrives) is not a finding.
    await page.addStyleTag({
      content:
        '*, *::before, *::after { transition: none !important; animation: none !important; }',
    });
    await settle(page);
    if (v.then) await v.then(page);
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      const { violations } = await new AxeBuilder({ page })
        // One axe.run in the page, which reaches its (same-origin) frames
        // too: the default finishes partial results in a second, blank page,
        // up to a second per audit that buys nothing for one-origin pages.
        .setLegacyMode()
        .withTags(TAGS)
        // Only violations are read: skipping the rest halves the run.
        .options({ resultTypes: ['violations'] })
        .analyze();
      for (const violation of violations) {
        if (violation.impact === 'serious' || violation.impact === 'critical') {
          findings.push(
            describe(
              `${email ?? 'signed out'} ${v.name} @${size.width}`,
              violation,
            ),
          );
        }
      }
    }
  }
  await context.close();
  return findings;
}

// The redirects land on pages audited above.
const REDIRECTS = [
  [paths.companyPrivacy, paths.companyPrivacyPolicy],
  [paths.companyTerms, paths.companyTermsConditions],
] as const;

test('every path of the route table is audited; redirects land on audited pages', async ({
  page,
}) => {
  const audited = new Set(
    [...SIGNED_OUT, ...CONSUMER, ...COMPANY, ...ADMIN].map((v) => v.route),
  );
  for (const [from, to] of REDIRECTS) {
    expect(audited.has(to)).toBe(true);
    audited.add(from);
    await page.goto(from);
    await expect(page).toHaveURL(to);
  }
  expect(Object.values(paths).filter((p) => !audited.has(p))).toEqual([]);
});

for (const [role, visits, email] of [
  ['signed out', SIGNED_OUT, undefined],
  ['consumer', CONSUMER, 'consumer@example.com'],
  ['company', COMPANY, 'company@example.com'],
  ['blog admin', ADMIN, 'admin@example.com'],
] as const) {
  test(`axe: no serious or critical violation (${role})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const findings = await audit(browser, visits, email);
    expect(findings, `\n${findings.join('\n')}\n`).toEqual([]);
  });
}
