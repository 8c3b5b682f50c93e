import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CONSUMER_BRAND } from '@shared/domain/brand';
import { parseReferralCode } from '@shared/domain/referral';
import { safeReturnPath } from '@shared/domain/return-path';
import { useSession } from '@web/api/auth/use-session';
import { processPendingReferral } from '@web/api/referrals/process-referral';
import { LogoMark } from '@web/components/ui/logo';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { pendingReferral } from '../hooks/pending-referral';
import { AuthMarketing } from './auth-marketing';
import { ForgotPasswordForm, NewPasswordForm } from './password-reset';
import { SignInUpForm, type AuthTab } from './sign-in-up-form';

type Mode = AuthTab | 'forgot' | 'reset';

/** What each view is called in the tab title and for screen readers. */
const TITLES: Record<Mode, string> = {
  signin: 'Sign in',
  signup: 'Sign up',
  forgot: 'Reset password',
  reset: 'New password',
};

function modeFrom(params: URLSearchParams): Mode {
  if (params.get('ref')) return 'signup';
  const mode = params.get('mode');
  return mode === 'signin' || mode === 'forgot' || mode === 'reset'
    ? mode
    : 'signup';
}

/**
 * Leaves the auth screen once signed in, processing a pending referral
 * first (once), then going where the user was headed (`next`, same-origin
 * paths only) or to /app.
 */
function useLeaveWhenSignedIn(enabled: boolean, next: string | null) {
  const session = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (!enabled || session.status !== 'signed-in' || started.current) return;
    started.current = true;
    const target = safeReturnPath(next) ?? paths.dashboard;
    const code = pendingReferral.get();
    if (!code) return void navigate(target, { replace: true });
    pendingReferral.clear();
    processPendingReferral(code)
      .catch((err: unknown) => console.error('Referral not processed', err))
      .finally(() => navigate(target, { replace: true }));
  }, [enabled, session.status, navigate, next]);
  return session.status;
}

/** /auth: sign in, sign up, forgot and reset password (consumer spec §2). */
export function AuthScreen() {
  const [params, setParams] = useSearchParams();
  const mode = modeFrom(params);
  const referralCode = parseReferralCode(params.toString());
  const status = useLeaveWhenSignedIn(mode !== 'reset', params.get('next'));
  const [resetReady, setResetReady] = useState(false);

  // A reset link signs the user in from the URL hash; give supabase-js a
  // moment to read it before saying the link is invalid.
  useEffect(() => {
    if (mode !== 'reset') return;
    const t = setTimeout(() => setResetReady(true), 1500);
    return () => clearTimeout(t);
  }, [mode]);

  const setMode = (next: Mode) => {
    const p = new URLSearchParams(params);
    p.delete('mode');
    if (next !== 'signup') p.set('mode', next);
    setParams(p, { replace: true });
  };

  if (status === 'loading') return <PageSpinner />;

  let panel;
  if (mode === 'reset') {
    panel =
      status === 'signed-in' ? (
        <NewPasswordForm />
      ) : resetReady ? (
        <div role="alert">
          <h2 className="text-xl font-bold">This link has expired</h2>
          <p className="mt-2 text-sm text-ink-muted">
            Password reset links work once and for a limited time. Ask for a new
            one.
          </p>
          <button
            type="button"
            onClick={() => setMode('forgot')}
            className="mt-4 rounded text-sm font-medium text-brand-700 hover:underline"
          >
            Send a new link
          </button>
        </div>
      ) : (
        <PageSpinner />
      );
  } else if (mode === 'forgot') {
    panel = <ForgotPasswordForm onBack={() => setMode('signin')} />;
  } else {
    panel = (
      <SignInUpForm
        tab={mode}
        onTabChange={setMode}
        referralCode={referralCode}
        onForgot={() => setMode('forgot')}
      />
    );
  }

  return (
    <div className="min-h-dvh bg-surface">
      <title>{`${TITLES[mode]} · ${CONSUMER_BRAND}`}</title>
      <div className="mx-auto grid min-h-dvh w-full max-w-6xl gap-8 px-4 py-6 sm:px-6 lg:grid-cols-2 lg:py-10">
        <main className="flex flex-col">
          <Link
            to={paths.home}
            className="w-fit rounded text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            ← Back to home
          </Link>
          <div className="mx-auto my-auto w-full max-w-md py-10">
            <Link
              to={paths.home}
              className="mb-6 flex w-fit items-center gap-2 rounded-lg text-xl font-bold"
            >
              <LogoMark className="size-9" />
              {CONSUMER_BRAND}
            </Link>
            <h1 className="sr-only">
              {mode === 'signin' || mode === 'signup'
                ? `${TITLES[mode]} to ${CONSUMER_BRAND}`
                : `${TITLES[mode]} · ${CONSUMER_BRAND}`}
            </h1>
            {panel}
          </div>
        </main>
        <aside className="pb-6 lg:pb-0">
          <AuthMarketing />
        </aside>
      </div>
    </div>
  );
}
