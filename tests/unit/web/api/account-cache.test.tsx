import { act, cleanup, render, screen } from '@testing-library/react';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyKeys } from '@web/api/companies/keys';
import { blogKeys } from '@web/api/blog/keys';
import { feedbackKeys } from '@web/api/feedback/keys';
import { uploadKeys } from '@web/api/uploads/keys';

// A stand-in for supabase-js's auth: the test plays its events.
const auth = vi.hoisted(() => ({
  emit: (() => undefined) as (e: string, s: unknown) => void,
}));
vi.mock('@web/lib/supabase', () => ({
  getSupabase: () => ({
    auth: {
      onAuthStateChange: (cb: (e: string, s: unknown) => void) => {
        auth.emit = cb;
        return { data: { subscription: { unsubscribe: () => undefined } } };
      },
    },
  }),
}));
vi.mock('@shared/data/auth', () => ({
  checkStoredSession: () => Promise.resolve(null),
}));

const { useSession, useUserId } = await import('@web/api/auth/use-session');
const { queryClient } = await import('@web/lib/query-client');

const filters = { page: 1, pageSize: 20 };
const session = (id: string) => ({ user: { id } }) as unknown as Session;

function Probe() {
  const state = useSession();
  // What a screen would read while it renders for this session.
  const cached = queryClient.getQueryCache().getAll().length;
  return (
    <p>
      {state.status} {useUserId() || '-'} cached:{cached}
    </p>
  );
}

function emit(event: AuthChangeEvent, s: Session | null) {
  act(() => auth.emit(event, s));
}

afterEach(cleanup);

describe('private query keys', () => {
  it('scope every company key to the signed-in user', () => {
    const keys = [
      companyKeys.mine('u1'),
      companyKeys.allowance('u1'),
      companyKeys.feedback('u1'),
      companyKeys.feedbackList('u1', filters),
      companyKeys.domains('u1'),
      companyKeys.feedbackHosts('u1'),
      companyKeys.webhooks('u1'),
      companyKeys.deliveries('u1'),
    ];
    for (const key of keys)
      expect(key.slice(0, 2)).toEqual(companyKeys.account('u1'));
    expect(companyKeys.feedbackList('u2', filters)).not.toEqual(
      companyKeys.feedbackList('u1', filters),
    );
  });

  it('scope the other private keys to the user too', () => {
    expect(feedbackKeys.similar('u1', 'x.com', 'slow')).toContain('u1');
    expect(blogKeys.adminArticles('u1')).toContain('u1');
    expect(uploadKeys.signedUrl('u1', 'screenshots', 'p.png')).toContain('u1');
  });
});

describe('the cache on session changes', () => {
  it('is cleared before the next account renders, never on a token refresh', () => {
    render(<Probe />);
    emit('INITIAL_SESSION', session('a'));
    queryClient.setQueryData(companyKeys.feedbackList('a', filters), [
      'A title',
    ]);
    // An hourly refresh keeps the user: nothing is refetched.
    emit('TOKEN_REFRESHED', session('a'));
    expect(screen.getByText('signed-in a cached:1')).toBeTruthy();
    // Sign-out: gone before the signed-out screen renders.
    emit('SIGNED_OUT', null);
    expect(screen.getByText('signed-out - cached:0')).toBeTruthy();

    emit('SIGNED_IN', session('a'));
    queryClient.setQueryData(companyKeys.feedbackList('a', filters), [
      'A title',
    ]);
    // Another account signed in straight away (e.g. in another tab).
    emit('SIGNED_IN', session('b'));
    expect(screen.getByText('signed-in b cached:0')).toBeTruthy();
    expect(
      queryClient.getQueryData(companyKeys.feedbackList('a', filters)),
    ).toBeUndefined();
  });
});
