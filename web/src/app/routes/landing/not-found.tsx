import { Link } from 'react-router-dom';
import { CONSUMER_BRAND } from '@shared/domain/brand';
import { LogoMark } from '@web/components/ui/logo';
import { paths } from '@web/config/paths';

/** The catch-all page (company spec §2: '404 / Oops! Page not found'). */
export default function NotFoundRoute() {
  return (
    <main className="relative isolate grid min-h-dvh place-items-center overflow-hidden bg-surface px-6 py-16 text-ink">
      <title>{`Page not found · ${CONSUMER_BRAND}`}</title>
      <div
        aria-hidden="true"
        className="absolute -top-40 left-1/2 -z-10 size-[36rem] -translate-x-1/2 rounded-full bg-brand-200/60 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-56 left-1/2 -z-10 size-[30rem] -translate-x-1/4 rounded-full bg-accent-200/45 blur-3xl"
      />
      <div className="flex flex-col items-center text-center">
        <Link
          to={paths.home}
          className="flex items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <LogoMark className="size-9" />
          <span>{CONSUMER_BRAND}</span>
        </Link>
        <h1 className="mt-12 bg-gradient-to-br from-brand-500 to-brand-800 bg-clip-text text-8xl font-extrabold tracking-tighter text-transparent sm:text-9xl">
          404
        </h1>
        <p className="mt-4 text-xl font-semibold sm:text-2xl">
          Oops! Page not found
        </p>
        <Link
          to={paths.home}
          className="mt-10 inline-flex items-center gap-2 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white shadow-lg shadow-brand-600/25 transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <svg
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
            className="size-5"
          >
            <path
              fillRule="evenodd"
              d="M17 10a.75.75 0 0 1-.75.75H5.56l3.22 3.22a.75.75 0 1 1-1.06 1.06l-4.5-4.5a.75.75 0 0 1 0-1.06l4.5-4.5a.75.75 0 0 1 1.06 1.06L5.56 9.25h10.69A.75.75 0 0 1 17 10Z"
              clipRule="evenodd"
            />
          </svg>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
