import { Fragment } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { signInHref } from '@shared/domain/return-path';
import { useSession } from '@web/api/auth/use-session';
import { PageSpinner } from '@web/components/ui/spinner';
import { BadgeCelebrations } from './badge-celebrations';

/**
 * Layout of the consumer screens that need a session: signed-out visits go
 * to sign-in, which returns them here afterwards. It also celebrates badges
 * on every such screen: live ones (First Shot right after submitting) and
 * those earned while away.
 */
export function SignedInLayout() {
  const state = useSession();
  const { pathname, search } = useLocation();
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'signed-out') {
    return <Navigate to={signInHref(pathname + search)} replace />;
  }
  // Keyed by account: a screen (its drafts, its observers' last data)
  // never carries over to the next user signed in on this tab.
  return (
    <Fragment key={state.session.user.id}>
      <Outlet />
      <BadgeCelebrations userId={state.session.user.id} />
    </Fragment>
  );
}
