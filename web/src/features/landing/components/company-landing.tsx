import { CheckDomainForm } from './check-domain-form';
import { Link } from 'react-router-dom';
import { BRAND_SLUG, COMPANY_BRAND } from '@shared/domain/brand';
import { PLAN_RULES } from '@shared/domain/plans';
import { buttonClass } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { useBillingEnabled } from '@web/hooks/use-billing-enabled';
import { CompanyFaq } from './company-faq';
import { CompanyFooter } from './company-footer';
import { CompanyNav } from './company-nav';
import { TeamTabs } from './team-tabs';

const EXPERIENCE = [
  { value: '50+', label: 'beta testers ready to review your site' },
  { value: '~2 s', label: 'for a visitor to send feedback' },
  { value: '4', label: 'categories: bug, idea, UX, other' },
  { value: '14 days', label: 'free trial, no card required' },
];

const TESTIMONIALS = [
  {
    quote:
      'We found three checkout bugs in the first week that our own QA had missed for months.',
    name: 'Claire M.',
    role: 'Head of Product, e-commerce',
  },
  {
    quote:
      'The feedback arrives sorted and anonymous, so the team discusses the problem, not the person.',
    name: 'Thomas R.',
    role: 'Design Lead, SaaS',
  },
  {
    quote:
      'Setting it up took five minutes: add our domain, and real users started talking to us.',
    name: 'Sofia L.',
    role: 'Marketing Manager, travel',
  },
];

interface PlanCard {
  readonly name: string;
  readonly price: number;
  readonly features: readonly string[];
  readonly soon: boolean;
}

const PRICING: readonly PlanCard[] = [
  {
    name: PLAN_RULES.free.name,
    price: PLAN_RULES.free.priceEurPerMonth,
    features: [
      `${PLAN_RULES.free.viewLimit} feedback items per day`,
      'Basic filtering',
      'Email notifications',
    ],
    soon: false,
  },
  {
    name: PLAN_RULES.pro.name,
    price: PLAN_RULES.pro.priceEurPerMonth,
    features: [
      `${PLAN_RULES.pro.viewLimit} feedback items per week`,
      'Advanced filtering and search',
      'Priority support',
    ],
    soon: true,
  },
  {
    name: PLAN_RULES.advanced.name,
    price: PLAN_RULES.advanced.priceEurPerMonth,
    features: [
      'Everything in Pro',
      'Multiple team members',
      'Dedicated account manager',
    ],
    soon: true,
  },
];

const WHY = [
  {
    title: 'Only your feedback, only for you',
    text: 'The server matches feedback to domains you have proven you own. No competitor can read it.',
  },
  {
    title: 'Anonymous by design',
    text: 'You see what visitors said, their reputation and whether they are verified, never who they are.',
  },
  {
    title: 'A workflow, not an inbox',
    text: 'Mark feedback in progress, completed or rejected and rate its quality; the author sees it live.',
  },
];

function Stars() {
  return (
    <p
      role="img"
      aria-label="5 out of 5 stars"
      className="text-lg text-amber-500"
    >
      <span aria-hidden="true">★★★★★</span>
    </p>
  );
}

/** The company landing page (/companies), branded Peega for Business. */
export function CompanyLanding() {
  const billing = useBillingEnabled();
  return (
    <div className="min-h-dvh bg-surface">
      <title>{`${COMPANY_BRAND}: see what your visitors think`}</title>
      <meta
        name="description"
        content="Real, categorised, anonymous feedback about your own website from engaged visitors."
      />
      <CompanyNav />
      <main>
        <section className="relative isolate overflow-hidden">
          <div
            aria-hidden="true"
            className="absolute -top-32 left-1/2 -z-10 size-[40rem] -translate-x-1/2 rounded-full bg-accent-200/40 blur-3xl"
          />
          <div className="mx-auto w-full max-w-4xl px-4 py-14 text-center sm:px-6 lg:py-20">
            <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-xs font-bold text-brand-700">
              First 10 companies: 14-day free trial, no card required
            </p>
            <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
              Hear what your visitors{' '}
              <span className="text-brand-600">really think.</span>
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-ink-muted">
              {COMPANY_BRAND} collects categorised bug reports, ideas and UX
              feedback about your website from motivated users, and puts them in
              one dashboard with a clear workflow.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link
                to={paths.companySignup}
                className={buttonClass('primary', 'lg')}
              >
                Try it now
              </Link>
              <a href="#pricing" className={buttonClass('secondary', 'lg')}>
                See pricing
              </a>
            </div>
            {/* #35: feedback may already wait for the visitor's site. */}
            <CheckDomainForm className="mx-auto mt-10 max-w-md text-left" />
            <p className="mx-auto mt-2 max-w-md text-left text-sm text-ink-muted">
              See how much feedback already waits for your site.
            </p>
          </div>
        </section>

        <section id="experience" className="scroll-mt-4 pb-16">
          <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
            <h2 className="text-center text-3xl font-bold tracking-tight">
              The experience
            </h2>
            <dl className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4">
              {EXPERIENCE.map((c) => (
                <div
                  key={c.label}
                  className="rounded-2xl bg-white p-5 text-center shadow-sm"
                >
                  <dt className="sr-only">{c.label}</dt>
                  <dd className="text-2xl font-extrabold text-brand-700">
                    {c.value}
                  </dd>
                  <dd className="text-sm text-ink-muted">{c.label}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>

        <section id="teams" className="scroll-mt-4 bg-white/60 py-16">
          <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
            <h2 className="text-center text-3xl font-bold tracking-tight">
              Built for every team
            </h2>
            <div className="mt-10">
              <TeamTabs />
            </div>
          </div>
        </section>

        <section id="testimonials" className="scroll-mt-4 py-16">
          <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
            <h2 className="text-center text-3xl font-bold tracking-tight">
              What teams say
            </h2>
            <ul className="mt-10 grid gap-5 md:grid-cols-3">
              {TESTIMONIALS.map((t) => (
                <li
                  key={t.name}
                  data-testid="testimonial"
                  className="flex flex-col rounded-2xl border border-line bg-white p-6"
                >
                  <Stars />
                  <blockquote className="mt-3 flex-1 text-ink">
                    “{t.quote}”
                  </blockquote>
                  <p className="mt-4 text-sm font-semibold">{t.name}</p>
                  <p className="text-xs text-ink-muted">{t.role}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="pricing" className="scroll-mt-4 bg-white/60 py-16">
          <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
            <h2 className="text-center text-3xl font-bold tracking-tight">
              Pricing
            </h2>
            <p className="mt-3 text-center text-ink-muted">
              14-day free trial, no card required.
            </p>
            <ul className="mt-10 grid gap-5 md:grid-cols-3">
              {PRICING.map(({ soon: paid, ...p }) => ({
                ...p,
                paid,
                // Paid plans are real once Stripe is configured (#35).
                soon: paid && !billing,
              })).map((p) => (
                <li
                  key={p.name}
                  data-testid="plan"
                  className="flex flex-col rounded-2xl border border-line bg-white p-6"
                >
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="text-xl font-bold">{p.name}</h3>
                    {p.soon && (
                      <span className="rounded-full bg-accent-100 px-2.5 py-0.5 text-xs font-semibold text-accent-700">
                        Coming soon
                      </span>
                    )}
                  </div>
                  <p className="mt-3">
                    <span className="text-4xl font-extrabold">{p.price} €</span>
                    <span className="text-sm text-ink-muted"> / month</span>
                  </p>
                  <ul className="mt-5 flex flex-1 flex-col gap-2 text-sm">
                    {p.features.map((f) => (
                      <li key={f} className="flex gap-2">
                        <span aria-hidden="true" className="text-brand-600">
                          ✓
                        </span>
                        {f}
                      </li>
                    ))}
                  </ul>
                  <Link
                    to={
                      p.paid && !p.soon
                        ? `${paths.companySettings}#plan`
                        : paths.companySignup
                    }
                    className={buttonClass(
                      p.soon ? 'secondary' : 'primary',
                      'md',
                      'mt-6',
                    )}
                  >
                    {p.soon
                      ? 'Start with Free'
                      : p.paid
                        ? `Choose ${p.name}`
                        : 'Try it now'}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id={`why-${BRAND_SLUG}`} className="scroll-mt-4 py-16">
          <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
            <h2 className="text-center text-3xl font-bold tracking-tight">
              Why {COMPANY_BRAND}?
            </h2>
            <div className="mt-10 grid gap-5 md:grid-cols-3">
              {WHY.map((w) => (
                <div
                  key={w.title}
                  className="rounded-2xl border border-line bg-white p-6"
                >
                  <h3 className="font-semibold">{w.title}</h3>
                  <p className="mt-1 text-sm text-ink-muted">{w.text}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section id="faq" className="scroll-mt-4 bg-white/60 py-16">
          <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
            <h2 className="mb-10 text-center text-3xl font-bold tracking-tight">
              Frequently asked questions
            </h2>
            <CompanyFaq />
          </div>
        </section>

        <section className="py-16 text-center">
          <h2 className="text-2xl font-bold">Ready to listen?</h2>
          <Link
            to={paths.companySignup}
            className={buttonClass('primary', 'lg', 'mt-6')}
          >
            Try it now
          </Link>
        </section>
      </main>
      <CompanyFooter />
    </div>
  );
}
