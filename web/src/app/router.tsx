import { useState, type ComponentType } from 'react';
import {
  Navigate,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  createBrowserRouter,
  type RouteObject,
} from 'react-router-dom';
import { BackendGate } from '@web/app/backend-gate';
import { RouteError } from '@web/app/route-error';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';

type RouteModule = { default: ComponentType };

/** A lazily loaded route module; route modules default-export their page. */
function page(load: () => Promise<RouteModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Landing pages: no data layer, and no wait for the runtime configuration. */
const landingRoutes: RouteObject[] = [
  {
    path: paths.home,
    lazy: page(() => import('@web/app/routes/landing/home')),
  },
  {
    path: paths.consumerLanding,
    lazy: page(() => import('@web/app/routes/landing/user-feedback')),
  },
  {
    path: paths.companyLanding,
    lazy: page(() => import('@web/app/routes/landing/companies')),
  },
];

/** Screens that read or write data through the backend. */
const dataRoutes: RouteObject[] = [
  {
    path: paths.auth,
    lazy: page(() => import('@web/app/routes/auth/auth')),
  },
  {
    path: paths.linkedinCallback,
    lazy: page(() => import('@web/app/routes/auth/linkedin-callback')),
  },
  {
    path: paths.companySignup,
    lazy: page(() => import('@web/app/routes/auth/company-signup')),
  },
  {
    // Signed-out visits go to /auth (consumer spec §2, §6).
    lazy: async () => ({
      Component: (await import('@web/app/signed-in-layout')).SignedInLayout,
    }),
    children: [
      {
        path: paths.dashboard,
        lazy: page(() => import('@web/app/routes/consumer/dashboard')),
      },
      {
        path: paths.submitFeedback,
        lazy: page(() => import('@web/app/routes/consumer/submit-feedback')),
      },
      {
        path: paths.community,
        lazy: page(() => import('@web/app/routes/consumer/community')),
      },
      {
        path: paths.referrals,
        lazy: page(() => import('@web/app/routes/consumer/referrals')),
      },
      {
        path: paths.badges,
        lazy: page(() => import('@web/app/routes/consumer/badges')),
      },
      {
        path: paths.experience,
        lazy: page(() => import('@web/app/routes/consumer/experience')),
      },
      {
        path: paths.profileAccount,
        lazy: page(() => import('@web/app/routes/consumer/profile-account')),
      },
      {
        path: paths.profileSettings,
        lazy: page(() => import('@web/app/routes/consumer/profile-settings')),
      },
    ],
  },
  {
    path: paths.rewards,
    lazy: page(() => import('@web/app/routes/consumer/rewards')),
  },
  {
    path: paths.testAiFeedback,
    lazy: page(() => import('@web/app/routes/consumer/test-ai-feedback')),
  },
  {
    path: paths.companyDashboard,
    lazy: page(() => import('@web/app/routes/company/company-dashboard')),
  },
  {
    path: paths.companySettings,
    lazy: page(() => import('@web/app/routes/company/company-settings')),
  },
  {
    path: paths.blog,
    lazy: page(() => import('@web/app/routes/blog/blog')),
  },
  {
    path: paths.blogArticle,
    lazy: page(() => import('@web/app/routes/blog/blog-article')),
  },
  {
    path: paths.blogAdmin,
    lazy: page(() => import('@web/app/routes/admin/blog-admin')),
  },
];

/** Screens that work without a backend. */
const staticRoutes: RouteObject[] = [
  {
    path: paths.privacyPolicy,
    lazy: page(() => import('@web/app/routes/legal/privacy-policy')),
  },
  {
    path: paths.termsConditions,
    lazy: page(() => import('@web/app/routes/legal/terms-conditions')),
  },
  {
    path: paths.companyPrivacyPolicy,
    lazy: page(() => import('@web/app/routes/legal/company-privacy-policy')),
  },
  {
    path: paths.companyTermsConditions,
    lazy: page(() => import('@web/app/routes/legal/company-terms-conditions')),
  },
  {
    path: paths.companyPrivacy,
    element: <Navigate to={paths.companyPrivacyPolicy} replace />,
  },
  {
    path: paths.companyTerms,
    element: <Navigate to={paths.companyTermsConditions} replace />,
  },
  {
    path: paths.notFound,
    lazy: page(() => import('@web/app/routes/landing/not-found')),
  },
];

/** The app's complete route table (both specs' §2), shared with tests. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      {
        Component: BackendGate,
        children: [
          {
            lazy: async () => ({
              Component: (await import('@web/app/data-layout')).DataLayout,
            }),
            children: dataRoutes,
          },
        ],
      },
      // Landing pages do not wait for /config.json: their only use of it,
      // the extension link, updates when it arrives (faster first paint).
      ...landingRoutes,
      ...staticRoutes,
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
