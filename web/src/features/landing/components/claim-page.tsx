import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { claimSignupPath } from '@shared/domain/app-paths';
import { COMPANY_BRAND, CONSUMER_BRAND } from '@shared/domain/brand';
import {
  bucketRange,
  bucketReports,
  claimCategories,
  claimMonthLabel,
  type DomainClaim,
} from '@shared/domain/claims';
import { buttonClass } from '@web/components/ui/button';
import { LogoMark } from '@web/components/ui/logo';
import { paths } from '@web/config/paths';
import { CheckDomainForm } from './check-domain-form';

/** A bar's share of the widest bucket, never 0 for a non-empty one. */
const share = (bucket: number, widest: number) =>
  bucket <= 0 || widest <= 0 ? 0 : Math.max(6, (bucket / widest) * 100);

function Shell({ children, title }: { children: ReactNode; title: string }) {
  return (
    <div className="min-h-dvh bg-surface text-ink">
      <title>{`${title} · ${COMPANY_BRAND}`}</title>
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link
            to={paths.home}
            className="flex items-center gap-2 rounded-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <LogoMark className="size-7" />
            <span>{CONSUMER_BRAND}</span>
          </Link>
          <Link
            to={paths.companyLanding}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            For companies
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        {children}
      </main>
    </div>
  );
}

function ClaimActions({ domain }: { domain: string }) {
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Link
        to={claimSignupPath(domain)}
        className={buttonClass('primary', 'lg')}
      >
        Claim {domain}
      </Link>
      <Link
        to={`${paths.companySignup}?mode=signin`}
        className={buttonClass('secondary', 'lg')}
      >
        Sign in
      </Link>
    </div>
  );
}

function Figures({
  claim,
}: {
  claim: Extract<DomainClaim, { reports: number }>;
}) {
  const categories = claimCategories(claim.categories);
  const widestCategory = Math.max(...categories.map((c) => c.reports));
  const widestMonth = Math.max(...claim.months.map((m) => m.reports));
  return (
    <div className="mt-8 grid gap-4 sm:grid-cols-2">
      <section
        aria-labelledby="claim-categories"
        className="rounded-2xl border border-line bg-white p-5"
      >
        <h2 id="claim-categories" className="font-semibold">
          By category
        </h2>
        <ul className="mt-3 flex flex-col gap-2.5">
          {categories.map((c) => (
            <li key={c.key} data-testid={`claim-category-${c.key}`}>
              <div className="flex justify-between gap-3 text-sm">
                <span>{c.label}</span>
                <span className="font-medium tabular-nums">
                  {bucketRange(c.reports)}
                </span>
              </div>
              <div
                aria-hidden="true"
                className="mt-1 h-2 rounded-full bg-surface"
              >
                <div
                  className="h-2 rounded-full bg-brand-500"
                  style={{ width: `${share(c.reports, widestCategory)}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="claim-months"
        className="rounded-2xl border border-line bg-white p-5"
      >
        <h2 id="claim-months" className="font-semibold">
          Last 12 months
        </h2>
        <ol
          className="mt-3 flex h-32 items-end gap-1"
          aria-label="Reports by month"
        >
          {claim.months.map((m) => (
            <li
              key={m.month}
              className="flex h-full min-w-0 flex-1 flex-col justify-end"
              title={`${claimMonthLabel(m.month)}: ${bucketRange(m.reports)}`}
            >
              <span className="sr-only">
                {claimMonthLabel(m.month)}: {bucketRange(m.reports)}
              </span>
              <span
                aria-hidden="true"
                className={`block rounded-t ${m.reports > 0 ? 'bg-accent-500' : 'bg-line'}`}
                style={{
                  height: `${m.reports > 0 ? share(m.reports, widestMonth) : 3}%`,
                }}
              />
            </li>
          ))}
        </ol>
        <div
          aria-hidden="true"
          className="mt-1.5 flex justify-between text-xs text-ink-muted"
        >
          <span>{claimMonthLabel(claim.months[0]?.month ?? '')}</span>
          <span>{claimMonthLabel(claim.months.at(-1)?.month ?? '')}</span>
        </div>
      </section>
    </div>
  );
}

/** /claim/:domain — what waits for a site, counts only (#35). */
export function ClaimPage({ claim }: { claim: DomainClaim }) {
  const { domain } = claim;
  if (claim.status === 'claimed')
    return (
      <Shell title={`${domain} is on ${CONSUMER_BRAND}`}>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          Claimed
        </p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words sm:text-4xl">
          {domain} is already on {CONSUMER_BRAND}
        </h1>
        <p className="mt-3 text-ink-muted" data-testid="claim-claimed">
          Its owner reads the feedback sent about it. If you own {domain} and
          did not claim it, contact us.
        </p>
        <Link
          to={paths.consumerLanding}
          className={buttonClass('secondary', 'md', 'mt-6')}
        >
          Send feedback with {CONSUMER_BRAND}
        </Link>
        <CheckDomainForm className="mt-12 max-w-md" />
      </Shell>
    );
  return (
    <Shell title={`Feedback waiting for ${domain}`}>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        Waiting feedback
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words sm:text-4xl">
        {claim.status === 'waiting'
          ? `Feedback is waiting for ${domain}`
          : `No feedback is waiting for ${domain} yet`}
      </h1>
      {claim.status === 'waiting' ? (
        <p className="mt-4 text-lg" data-testid="claim-total">
          <span className="font-bold">{bucketReports(claim.reports)}</span> from{' '}
          {CONSUMER_BRAND} users wait for the owner to read them.
        </p>
      ) : (
        <p className="mt-4 text-ink-muted" data-testid="claim-total">
          Claim it now, and you will read every report from the first one.
        </p>
      )}
      <ClaimActions domain={domain} />
      {claim.status === 'waiting' && <Figures claim={claim} />}
      <p className="mt-6 text-sm text-ink-muted">
        Counts are shown in ranges. Nobody sees a report&apos;s text, its
        screenshot or who sent it here: the owner reads them after proving the
        domain is theirs, and authors stay anonymous even then.
      </p>
      <CheckDomainForm className="mt-12 max-w-md" />
    </Shell>
  );
}

/** An address that is not a domain, or a look-up the server refused. */
export function ClaimProblem({ message }: { message: string }) {
  return (
    <Shell title="Check a domain">
      <h1 className="text-3xl font-extrabold tracking-tight">Check a domain</h1>
      <p role="alert" className="mt-3 text-red-700" data-testid="claim-problem">
        {message}
      </p>
      <CheckDomainForm className="mt-8 max-w-md" />
    </Shell>
  );
}
