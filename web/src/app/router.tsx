import {
  Suspense,
  lazy,
  useEffect,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { BackendGate } from '@web/app/backend-gate';
import { prefetchScreenData, type Prefetch } from '@web/app/prefetch';
import { RouteErrorBoundary } from '@web/app/route-error';
import { ScrollToTop } from '@web/app/scroll-to-top';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';

type Load<P = object> = () => Promise<{ default: ComponentType<P> }>;

/** A lazily loaded screen; `load()` starts (or joins) its download. */
type LazyScreen<P = object> = {
  load: Load<P>;
  Screen: LazyExoticComponent<ComponentType<P>>;
};

function screen<P = object>(importer: Load<P>): LazyScreen<P> {
  let pending: ReturnType<Load<P>> | undefined;
  const load = () => (pending ??= importer());
  return { load, Screen: lazy(load) };
}

type WithChildren = { children: ReactNode };

/**
 * Where a route sits: landing pages need neither the backend nor its
 * configuration; data screens render once /config.json has loaded, inside
 * the query cache and toasts; signed-in screens also need a session.
 */
export type RouteKind = 'landing' | 'static' | 'data' | 'signed-in';

type ScreenRoute = {
  path: string;
  kind: RouteKind;
  screen: LazyScreen;
  /** The screen's first queries, started with the session (prefetch.ts). */
  data?: () => Promise<{ default: Prefetch }>;
};

export type AppRoute =
  ScreenRoute | { path: string; kind: 'redirect'; to: string };

const route = (path: string, kind: RouteKind, importer: Load): ScreenRoute => ({
  path,
  kind,
  screen: screen(importer),
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
  route(
    paths.companySettings,
    'data',
    () => import('@web/app/routes/company/company-settings'),
  ),
  // The blog draws from the page the server sent; it loads the backend
  // client itself when it needs it (routes/blog).
  route(paths.blog, 'static', () => import('@web/app/routes/blog/blog')),
  route(
    paths.blogArticle,
    'static',
    () => import('@web/app/routes/blog/blog-article'),
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

const dataLayout = screen<WithChildren>(() =>
  import('@web/app/data-layout').then((m) => ({ default: m.DataLayout })),
);
const signedInLayout = screen<WithChildren>(() =>
  import('@web/app/signed-in-layout').then((m) => ({
    default: m.SignedInLayout,
  })),
);
const DataLayout = dataLayout.Screen;
const SignedInLayout = signedInLayout.Screen;

/**
 * A screen that talks to the backend. Its layouts and its own module start
 * downloading together (no waterfall on a slow network); the layouts keep
 * their state between data screens because this element keeps its place.
 */
function DataScreen({
  kind,
  screen,
  data,
}: {
  kind: RouteKind;
  screen: LazyScreen;
  data?: () => Promise<{ default: Prefetch }>;
}) {
  void dataLayout.load();
  if (kind === 'signed-in') void signedInLayout.load();
  void screen.load();
  // Once per visit of the screen, not on every render.
  useEffect(() => {
    if (data) void prefetchScreenData(data);
  }, [data]);
  const page = <screen.Screen />;
  return (
    <BackendGate>
      <DataLayout>
        <Suspense fallback={<PageSpinner />}>
          {kind === 'signed-in' ? (
            <SignedInLayout>{page}</SignedInLayout>
          ) : (
            page
          )}
        </Suspense>
      </DataLayout>
    </BackendGate>
  );
}

function renderRoute(r: AppRoute) {
  if (r.kind === 'redirect') {
    return (
      <Route key={r.path} path={r.path}>
        <Redirect to={r.to} replace />
      </Route>
    );
  }
  if (r.path === paths.notFound) {
    return <Route key={r.path} component={r.screen.Screen} />;
  }
  if (r.kind === 'data' || r.kind === 'signed-in') {
    // One key for every data screen: React keeps the layouts mounted.
    return (
      <Route key="data" path={r.path}>
        <DataScreen kind={r.kind} screen={r.screen} data={r.data} />
      </Route>
    );
  }
  return <Route key={r.path} path={r.path} component={r.screen.Screen} />;
}

export function AppRouter() {
  const [location] = useLocation();
  return (
    <RouteErrorBoundary resetKey={location}>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        <Switch>{routes.map(renderRoute)}</Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
