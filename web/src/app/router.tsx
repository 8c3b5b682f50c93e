import { Suspense, type ComponentType } from 'react';
import {
  Outlet,
  ScrollRestoration,
  createBrowserRouter,
  replace,
  useNavigation,
  type RouteObject,
} from 'react-router-dom';
import { prefetchScreenData, type Prefetch } from '@web/app/prefetch';
import { RouteErrorElement } from '@web/app/route-error';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { NAVIGATED_EVENT } from '@web/lib/navigated';

type Load = () => Promise<{ default: ComponentType }>;

/**
 * Where a route sits: landing pages need neither the backend nor its
 * configuration; data screens render once /config.json has loaded, inside
 * the query cache and toasts; signed-in screens also need a session.
 */
export type RouteKind = 'landing' | 'static' | 'data' | 'signed-in';

type ScreenRoute = {
  path: string;
  kind: RouteKind;
  /** The screen's module, loaded when the route matches. */
  importer: Load;
  /** The screen's first queries, started with the session (prefetch.ts). */
  data?: () => Promise<{ default: Prefetch }>;
};

export type AppRoute =
  ScreenRoute | { path: string; kind: 'redirect'; to: string };

const route = (path: string, kind: RouteKind, importer: Load): ScreenRoute => ({
  path,
  kind,
  importer,
});

const withData = (
  r: ScreenRoute,
  data: () => Promise<{ default: Prefetch }>,
): ScreenRoute => ({ ...r, data });

/** The app's complete route table (both specs' §2), shared with tests. */
export const routes: AppRoute[] = [
  route(paths.home, 'landing', () => import('@web/app/routes/landing/home')),
  route(
    paths.consumerLanding,
    'landing',
    () => import('@web/app/routes/landing/user-feedback'),
  ),
  route(
    paths.companyLanding,
    'landing',
    () => import('@web/app/routes/landing/companies'),
  ),

  route(paths.auth, 'data', () => import('@web/app/routes/auth/auth')),
  route(
    paths.linkedinCallback,
    'data',
    () => import('@web/app/routes/auth/linkedin-callback'),
  ),
  route(
    paths.sessionHandover,
    'data',
    () => import('@web/app/routes/auth/session-handover'),
  ),
  route(
    paths.companySignup,
    'data',
    () => import('@web/app/routes/auth/company-signup'),
  ),
  // Signed-out visits go to /auth (consumer spec §2, §6).
  withData(
    route(
      paths.dashboard,
      'signed-in',
      () => import('@web/app/routes/consumer/dashboard'),
    ),
    () => import('@web/app/routes/consumer/dashboard-data'),
  ),
  route(
    paths.submitFeedback,
    'signed-in',
    () => import('@web/app/routes/consumer/submit-feedback'),
  ),
  route(
    paths.community,
    'signed-in',
    () => import('@web/app/routes/consumer/community'),
  ),
  route(
    paths.referrals,
    'signed-in',
    () => import('@web/app/routes/consumer/referrals'),
  ),
  route(
    paths.badges,
    'signed-in',
    () => import('@web/app/routes/consumer/badges'),
  ),
  route(
    paths.experience,
    'signed-in',
    () => import('@web/app/routes/consumer/experience'),
  ),
  route(
    paths.profileAccount,
    'signed-in',
    () => import('@web/app/routes/consumer/profile-account'),
  ),
  route(
    paths.profileSettings,
    'signed-in',
    () => import('@web/app/routes/consumer/profile-settings'),
  ),
  route(
    paths.rewards,
    'data',
    () => import('@web/app/routes/consumer/rewards'),
  ),
  route(
    paths.testAiFeedback,
    'data',
    () => import('@web/app/routes/consumer/test-ai-feedback'),
  ),
  route(
    paths.companyDashboard,
    'data',
    () => import('@web/app/routes/company/company-dashboard'),
  ),
  // Insights (#22): uPlot comes with this chunk only.
  route(
    paths.companyInsights,
    'data',
    () => import('@web/app/routes/company/company-insights'),
  ),
  route(
    paths.companySettings,
    'data',
    () => import('@web/app/routes/company/company-settings'),
  ),
  // Team invitations (#21): works signed out (sign-up or sign-in on it).
  route(
    paths.companyInvitation,
    'data',
    () => import('@web/app/routes/company/company-invitation'),
  ),
  // The blog draws from the page the server sent; it loads the backend
  // client itself when it needs it (routes/blog).
  route(paths.blog, 'static', () => import('@web/app/routes/blog/blog')),
  route(
    paths.blogArticle,
    'static',
    () => import('@web/app/routes/blog/blog-article'),
  ),
  // A company's "You said, we did" page (#22): public data, anon key.
  route(
    paths.publicChanges,
    'data',
    () => import('@web/app/routes/public/public-changes'),
  ),
  route(
    paths.claimDomain,
    'data',
    () => import('@web/app/routes/public/claim-domain'),
  ),
  route(
    paths.blogAdmin,
    'data',
    () => import('@web/app/routes/admin/blog-admin'),
  ),

  route(
    paths.privacyPolicy,
    'static',
    () => import('@web/app/routes/legal/privacy-policy'),
  ),
  route(
    paths.termsConditions,
    'static',
    () => import('@web/app/routes/legal/terms-conditions'),
  ),
  route(
    paths.companyPrivacyPolicy,
    'static',
    () => import('@web/app/routes/legal/company-privacy-policy'),
  ),
  route(
    paths.companyTermsConditions,
    'static',
    () => import('@web/app/routes/legal/company-terms-conditions'),
  ),
  {
    path: paths.companyPrivacy,
    kind: 'redirect',
    to: paths.companyPrivacyPolicy,
  },
  {
    path: paths.companyTerms,
    kind: 'redirect',
    to: paths.companyTermsConditions,
  },
  route(
    paths.notFound,
    'static',
    () => import('@web/app/routes/landing/not-found'),
  ),
];

/** A lazy route module: React Router loads it when the route matches. */
const lazyRoute = (importer: Load) => async () => ({
  Component: (await importer()).default,
});

/** The route objects React Router runs, built from the table above. */
export function routeObjects(): RouteObject[] {
  const open: RouteObject[] = [];
  const data: RouteObject[] = [];
  const signedIn: RouteObject[] = [];
  for (const r of routes) {
    if (r.kind === 'redirect') {
      const to = r.to;
      // Answered before anything renders: no flash of an empty page.
      open.push({ path: r.path, loader: () => replace(to), element: null });
      continue;
    }
    const object: RouteObject = { path: r.path, lazy: lazyRoute(r.importer) };
    if (r.data) {
      const prefetch = r.data;
      // Started with the route, not awaited: the screen's first queries
      // run while its code downloads (prefetch.ts).
      object.loader = () => {
        void prefetchScreenData(prefetch);
        return null;
      };
      // Once per visit of the screen, not on each filter or page change.
      object.shouldRevalidate = ({ currentUrl, nextUrl }) =>
        currentUrl.pathname !== nextUrl.pathname;
    }
    if (r.kind === 'signed-in') signedIn.push(object);
    else if (r.kind === 'data') data.push(object);
    else open.push(object);
  }
  return [
    {
      Component: RootLayout,
      HydrateFallback: PageSpinner,
      children: [
        {
          ErrorBoundary: RouteErrorElement,
          children: [
            ...open,
            // Pathless layout routes: the query cache, toasts and the
            // session check stay mounted while the user moves between
            // data screens.
            {
              lazy: async () => ({
                Component: (await import('@web/app/data-layout'))
                  .DataLayoutRoute,
              }),
              children: [
                ...data,
                {
                  lazy: async () => ({
                    Component: (await import('@web/app/signed-in-layout'))
                      .SignedInLayout,
                  }),
                  children: signedIn,
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/**
 * Every screen: scroll restoration, then the matched route. While the next
 * screen's code loads, the current one stays and a bar at the top says so.
 */
function RootLayout() {
  const loading = useNavigation().state !== 'idle';
  return (
    <>
      <ScrollRestoration />
      {loading && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-1 bg-brand-600 motion-safe:animate-pulse"
        />
      )}
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** The app's browser router (main.tsx). */
export function createAppRouter() {
  const router = createBrowserRouter(routeObjects());
  // The blog's server-sent data describes the page as first loaded only
  // (features/blog/lib/blog-boot.ts listens).
  router.subscribe(() => dispatchEvent(new Event(NAVIGATED_EVENT)));
  return router;
}
