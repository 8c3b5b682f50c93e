import { act, cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Each test gets fresh modules, so the once-per-page config load starts over.
beforeEach(() => {
  vi.resetModules();
  // jsdom has no scrolling; ScrollRestoration calls it on every navigation.
  vi.stubGlobal('scrollTo', vi.fn());
});

async function renderAt(path: string) {
  const { routeObjects } = await import('@web/app/router');
  const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
  // Awaited, so React retries screens that suspended on /config.json.
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  /** The address the app is at now, and a way to move. */
  return {
    path: () => router.state.location.pathname + router.state.location.search,
    go: (to: string) => act(() => router.navigate(to)),
  };
}

function stubConfig(response: () => Response) {
  const fetchMock = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const goodConfig = {
  supabaseUrl: 'http://127.0.0.1:3000',
  supabaseAnonKey: 'anon-key',
  demoMode: true,
  extensionUrl: 'http://127.0.0.1:3000/extension',
  linkedinEnabled: false,
};

describe('route table', () => {
  it('covers every route of both specs and DECISIONS.md', async () => {
    const { routes } = await import('@web/app/router');
    const { paths } = await import('@web/config/paths');
    const routed = routes.map((route) => route.path);

    expect(routed).toEqual(expect.arrayContaining(Object.values(paths)));
    expect([...routed].sort()).toEqual(
      [
        '/',
        '/user-feedback',
        '/companies',
        '/auth',
        '/auth/linkedin/callback',
        // #40 item 17: the extension's "Open dashboard", signed in.
        '/auth/handover',
        '/company-signup',
        '/app',
        '/submit-feedback',
        '/app/community',
        '/referrals',
        '/badges',
        '/rewards',
        '/experience',
        '/profile/account',
        '/profile/settings',
        '/test-ai-feedback',
        '/company-dashboard',
        '/company-settings',
        // Issue #21: the link of a team invitation.
        '/company-invitation',
        '/blog',
        '/blog/:slug',
        '/blog-admin',
        // Issue #22: a company's "You said, we did" page, and Insights.
        '/changes/:slug',
        '/company-dashboard/insights',
        // Issue #35: how much feedback waits for a domain.
        '/claim/:domain',
        '/privacy-policy',
        '/terms-conditions',
        '/company-privacy-policy',
        '/company-terms-conditions',
        '/company-privacy',
        '/company-terms',
        '*',
      ].sort(),
    );
  });

  it('shows the 404 page for an unknown path, without any backend', async () => {
    const fetchMock = stubConfig(() => new Response('', { status: 500 }));
    await renderAt('/does-not-exist/at/all');

    expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href'),
    ).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [
      '/company-terms',
      '/company-terms-conditions',
      'Company Terms and Conditions',
    ],
    ['/company-privacy', '/company-privacy-policy', 'Company Privacy Policy'],
  ])('redirects %s to %s', async (from, to, heading) => {
    const router = await renderAt(from);

    expect(
      await screen.findByRole('heading', { level: 1, name: heading }),
    ).toBeTruthy();
    expect(router.path()).toBe(to);
  });

  it('renders a backend screen once /config.json has loaded, sending signed-out visitors of /badges to sign-in', async () => {
    const fetchMock = stubConfig(() => Response.json(goodConfig));
    const router = await renderAt('/badges');

    expect(
      // Lazy chunks load first (data layout, signed-in layout, auth),
      // supabase-js among them: slow on a busy 2-core machine.
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Sign in to Peega' },
        { timeout: 25_000 },
      ),
    ).toBeTruthy();
    expect(router.path()).toBe('/auth?mode=signin&next=%2Fbadges');
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledWith('/config.json', expect.anything());
  }, 30_000);

  it('explains the failure when /config.json is missing', async () => {
    // React reports the caught error to the console; keep the output clean.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubConfig(() => new Response('Not found', { status: 404 }));
    await renderAt('/auth');

    expect(
      await screen.findByRole('heading', {
        name: "Peega can't reach its server",
      }),
    ).toBeTruthy();
    expect(
      screen.getByText('The server answered /config.json with HTTP 404.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('shows the landing page without waiting for /config.json, even when it fails', async () => {
    stubConfig(() => new Response('Not found', { status: 404 }));
    await renderAt('/user-feedback');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: /Get rewarded for it/ },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    // The backend's own instructions page stands in for the configured link.
    expect(
      screen
        .getAllByRole('link', { name: 'Download Extension' })[0]!
        .getAttribute('href'),
    ).toBe('/extension');
  });

  it('shows a screen that fails to render as an error screen, until the user moves on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.doMock('@web/app/routes/legal/privacy-policy', () => ({
      default: () => {
        throw new Error('The policy broke');
      },
    }));
    const router = await renderAt('/privacy-policy');

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeTruthy();
    expect(screen.getByText('The policy broke')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    await router.go('/terms-conditions');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Terms and Conditions',
      }),
    ).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
