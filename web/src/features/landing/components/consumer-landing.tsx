import { Link } from 'react-router-dom';
import { BRAND_SLUG, CONSUMER_BRAND } from '@shared/domain/brand';
import { CATEGORY_FORM_BUTTONS } from '@shared/domain/categories';
import { buttonClass } from '@web/components/ui/button';
import { SiteFooter } from '@web/components/layouts/site-footer';
import { paths } from '@web/config/paths';
import { useExtensionUrl } from '@web/hooks/use-extension-url';
import { Faq } from './faq';
import { HowItWorks } from './how-it-works';
import { LandingNav } from './landing-nav';

const CLAIMS = [
  { value: '5–10 XP', label: 'per feedback' },
  { value: '€0.05–0.20', label: 'per feedback (coming soon)' },
  { value: '~2 s', label: 'per submission' },
  { value: '50+', label: 'beta testers' },
];

const WHY = [
  {
    icon: '🎯',
    title: 'Your voice reaches the right team',
    text: 'Feedback goes straight to the company that owns the site, sorted and prioritised.',
  },
  {
    icon: '🕶️',
    title: 'Anonymous by design',
    text: 'Companies see what you said, never who you are.',
  },
  {
    icon: '🏅',
    title: 'Rewarded, not ignored',
    text: 'XP, levels, 10 badges, a leaderboard, rewards, and up to €20 a month on average soon.',
  },
];

/** The consumer landing page (/ and /user-feedback). */
export function ConsumerLanding() {
  const extensionUrl = useExtensionUrl();
  return (
    <div className="min-h-dvh bg-surface">
      <title>{`${CONSUMER_BRAND}: feedback about any website, rewarded`}</title>
      <meta
        name="description"
        content="Share feedback about any website in two clicks and earn XP, badges and rewards."
      />
      <LandingNav />
      <main>
        <section className="relative isolate overflow-hidden">
          <div
            aria-hidden="true"
            className="absolute -top-32 left-1/2 -z-10 size-[40rem] -translate-x-1/2 rounded-full bg-brand-200/50 blur-3xl"
          />
          <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-20">
            <div>
              <p className="inline-flex rounded-full bg-accent-100 px-3 py-1 text-xs font-bold text-accent-700">
                Earn 5–10 XP per feedback
              </p>
              <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
                Your feedback improves the web.{' '}
                <span className="text-brand-600">Get rewarded for it.</span>
              </h1>
              <p className="mt-5 max-w-xl text-lg text-ink-muted">
                Spot a bug or have an idea on any website? Send it to the
                company in two clicks, about 2 seconds, and earn XP, badges and
                rewards.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <a
                  href={extensionUrl}
                  target="_blank"
                  rel="noreferrer"
                  className={buttonClass('primary', 'lg')}
                >
                  Download Extension
                </a>
                <Link
                  to={paths.auth}
                  className={buttonClass('secondary', 'lg')}
                >
                  Sign Up Now
                </Link>
              </div>
            </div>
            <div
              aria-hidden="true"
              className="mx-auto w-full max-w-sm rounded-3xl border border-line bg-white p-5 shadow-2xl shadow-brand-900/10"
            >
              <p className="text-xs font-semibold text-ink-muted">
                🌐 shop.example.com
              </p>
              <div className="mt-3 grid grid-cols-2 gap-2">
                {CATEGORY_FORM_BUTTONS.map((c, i) => (
                  <span
                    key={c.key}
                    className={`rounded-xl border px-3 py-2 text-center text-xs font-medium ${i === 0 ? 'border-brand-600 bg-brand-600 text-white' : 'border-line'}`}
                  >
                    {c.emoji} {c.formLabel}
                  </span>
                ))}
              </div>
              <p className="mt-3 rounded-xl bg-surface p-3 text-sm text-ink-muted">
                The checkout button does nothing on mobile…
              </p>
              <span className="mt-3 block rounded-full bg-brand-600 py-2.5 text-center text-sm font-semibold text-white">
                Submit · +0.05 €
              </span>
            </div>
          </div>
          <dl className="mx-auto grid w-full max-w-6xl grid-cols-2 gap-4 px-4 pb-14 sm:px-6 md:grid-cols-4">
            {CLAIMS.map((c) => (
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
        </section>

        <section id="how-it-works" className="scroll-mt-4 bg-white/60 py-16">
          <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
            <h2 className="text-center text-3xl font-bold tracking-tight">
              How it works
            </h2>
            <div className="mt-10">
              <HowItWorks />
            </div>
          </div>
        </section>

        <section id={`why-${BRAND_SLUG}`} className="scroll-mt-4 py-16">
          <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
            <h2 className="text-center text-3xl font-bold tracking-tight">
              Why {CONSUMER_BRAND}?
            </h2>
            <div className="mt-10 grid gap-5 md:grid-cols-3">
              {WHY.map((w) => (
                <div
                  key={w.title}
                  className="rounded-2xl border border-line bg-white p-6"
                >
                  <span aria-hidden="true" className="text-3xl">
                    {w.icon}
                  </span>
                  <h3 className="mt-3 font-semibold">{w.title}</h3>
                  <p className="mt-1 text-sm text-ink-muted">{w.text}</p>
                </div>
              ))}
            </div>
            <p className="mt-8 text-center text-sm text-ink-muted">
              Read more on{' '}
              <Link
                to={paths.blog}
                className="font-medium text-brand-700 underline"
              >
                our blog
              </Link>
              .
            </p>
          </div>
        </section>

        <section id="faq" className="scroll-mt-4 bg-white/60 py-16">
          <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
            <h2 className="mb-10 text-center text-3xl font-bold tracking-tight">
              Frequently asked questions
            </h2>
            <Faq />
          </div>
        </section>

        <section className="py-16 text-center">
          <h2 className="text-2xl font-bold">Ready to be heard?</h2>
          <Link
            to={paths.auth}
            className={buttonClass('primary', 'lg', 'mt-6')}
          >
            Sign Up Now
          </Link>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
