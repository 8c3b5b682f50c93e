import { useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { REFERRAL_SIGNUP_BANNER } from '@shared/domain/referral';
import {
  consumerSignUpSchema,
  signInSchema,
} from '@shared/domain/validation/auth';
import { authActions } from '@web/api/auth/auth-actions';
import { track } from '@web/api/analytics/track';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/field';
import { onTabKey } from '@web/components/ui/tab-keys';
import { LegalLink } from '@web/components/ui/legal-link';
import { paths } from '@web/config/paths';
import { pendingReferral } from '../hooks/pending-referral';

/** One id for the form's outcome toasts: a retry replaces, a success clears. */
const AUTH_TOAST = 'auth-outcome';

export type AuthTab = 'signin' | 'signup';

type Errors = Partial<Record<string, string>>;

function issuesToErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

interface Props {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  referralCode: string | null;
  onForgot: () => void;
}

/** Sign In / Sign Up tabs over one form (DECISIONS.md "Auth screen"). */
export function SignInUpForm({
  tab,
  onTabChange,
  referralCode,
  onForgot,
}: Props) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [loading, setLoading] = useState(false);
  /** The address whose password sign-in is locked for now. */
  const [locked, setLocked] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState(false);

  async function sendSignInLink(address: string) {
    try {
      await authActions.requestSignInLink(
        address,
        `${window.location.origin}${paths.dashboard}`,
      );
      setLinkSent(true);
    } catch (err) {
      toast.error('The sign-in link was not sent', {
        description: (err as Error).message,
      });
    }
  }
  const signUp = tab === 'signup';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (loading) return;
    if (signUp) {
      const parsed = consumerSignUpSchema.safeParse({
        fullName,
        email,
        password,
        confirmPassword,
        acceptTerms,
      });
      if (!parsed.success)
        return setErrors(issuesToErrors(parsed.error.issues));
      setErrors({});
      setLoading(true);
      // Stored before the call: the session (and the redirect that
      // processes the referral) can arrive before signUp() resolves.
      if (referralCode) pendingReferral.set(referralCode);
      try {
        const result = await authActions.signUp({
          email: parsed.data.email,
          password: parsed.data.password,
          fullName: parsed.data.fullName,
          redirectTo: `${window.location.origin}${paths.dashboard}`,
          referralCode,
        });
        track({ name: 'sign_up', properties: { method: 'email' } });
        // A failure toast of an earlier try must not follow the user in.
        toast.dismiss(AUTH_TOAST);
        if (!result.session) {
          toast.success('Check your email!', {
            description: "We've sent you a confirmation link.",
          });
        }
      } catch (err) {
        pendingReferral.clear();
        toast.error('Sign up failed', {
          id: AUTH_TOAST,
          description: (err as Error).message,
        });
      } finally {
        setLoading(false);
      }
      return;
    }
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
    setErrors({});
    setLoading(true);
    try {
      await authActions.signIn(parsed.data.email, parsed.data.password);
      track({ name: 'login', properties: { method: 'email' } });
      toast.dismiss(AUTH_TOAST);
    } catch (err) {
      // Locked by too many wrong passwords (perhaps someone else's): a
      // sign-in link by e-mail still lets the owner in (#40 item 22).
      if ((err as { status?: number }).status === 429)
        setLocked(parsed.data.email);
      toast.error('Sign in failed', {
        id: AUTH_TOAST,
        description: (err as Error).message,
      });
    } finally {
      setLoading(false);
    }
  }

  const tabClass = (active: boolean) =>
    `flex-1 rounded-full py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-brand-600 ${active ? 'bg-white text-ink shadow-sm' : 'text-ink-muted hover:text-ink'}`;

  return (
    <div>
      <div
        role="tablist"
        aria-label="Sign in or sign up"
        className="flex gap-1 rounded-full bg-brand-50 p-1"
      >
        {(['signin', 'signup'] as const).map((mode, i) => (
          <button
            key={mode}
            type="button"
            role="tab"
            id={`auth-tab-${mode}`}
            aria-selected={signUp === (mode === 'signup')}
            aria-controls="auth-panel"
            tabIndex={signUp === (mode === 'signup') ? 0 : -1}
            className={tabClass(signUp === (mode === 'signup'))}
            onClick={() => onTabChange(mode)}
            onKeyDown={(e) =>
              onTabKey(e, i, 2, (n) => onTabChange(n ? 'signup' : 'signin'))
            }
          >
            {mode === 'signup' ? 'Sign Up' : 'Sign In'}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id="auth-panel"
        aria-labelledby={`auth-tab-${signUp ? 'signup' : 'signin'}`}
      >
        {signUp && referralCode && (
          <p
            role="status"
            className="mt-5 rounded-xl border border-accent-200 bg-accent-50 px-4 py-3 text-sm font-medium text-accent-700"
          >
            🎁 {REFERRAL_SIGNUP_BANNER}
          </p>
        )}

        <form
          noValidate
          onSubmit={onSubmit}
          className="mt-6 flex flex-col gap-4"
          aria-label={signUp ? 'Sign up' : 'Sign in'}
        >
          {signUp && (
            <InputField
              label="Full name"
              name="fullName"
              autoComplete="name"
              required
              value={fullName}
              onChange={(e) => setFullName(e.target.value)}
              error={errors.fullName}
            />
          )}
          <InputField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setLocked(null);
              setLinkSent(false);
            }}
            error={errors.email}
          />
          <InputField
            label="Password"
            name="password"
            type="password"
            placeholder="8+ characters"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          {signUp && (
            <InputField
              label="Confirm password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
              error={errors.confirmPassword}
            />
          )}
          {!signUp && (
            <button
              type="button"
              onClick={onForgot}
              className="-mt-2 self-end rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              Forgot password?
            </button>
          )}
          {!signUp && locked && (
            <div
              role="status"
              data-testid="sign-in-link"
              className="rounded-xl border border-accent-200 bg-accent-50 p-3 text-sm text-accent-700"
            >
              {linkSent ? (
                <p>
                  Check your email! We sent a sign-in link to{' '}
                  <strong className="break-all">{locked}</strong>.
                </p>
              ) : (
                <>
                  <p>
                    Password sign-in is paused for this account after too many
                    wrong attempts. A sign-in link by e-mail works meanwhile.
                  </p>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="mt-2"
                    onClick={() => void sendSignInLink(locked)}
                  >
                    E-mail me a sign-in link
                  </Button>
                </>
              )}
            </div>
          )}
          {signUp && (
            <div>
              <label className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  name="acceptTerms"
                  checked={acceptTerms}
                  onChange={(e) => {
                    setAcceptTerms(e.target.checked);
                    if (e.target.checked)
                      setErrors((prev) => ({
                        ...prev,
                        acceptTerms: undefined,
                      }));
                  }}
                  // Enter on the box sends the form as from any field (a
                  // checkbox alone ignores it), so the terms alert shows.
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      e.currentTarget.form?.requestSubmit();
                    }
                  }}
                  className="mt-0.5 size-4 accent-brand-600"
                />
                <span>
                  I accept the{' '}
                  <LegalLink to={paths.privacyPolicy}>Privacy Policy</LegalLink>{' '}
                  and the{' '}
                  <LegalLink to={paths.termsConditions}>
                    Terms and Conditions
                  </LegalLink>
                </span>
              </label>
              {errors.acceptTerms && (
                <p
                  role="alert"
                  className="mt-1 text-xs font-medium text-red-600"
                >
                  {errors.acceptTerms}
                </p>
              )}
            </div>
          )}
          <Button
            type="submit"
            size="lg"
            disabled={loading || (signUp && !acceptTerms)}
            className="mt-2 w-full"
          >
            {loading
              ? signUp
                ? 'Creating account...'
                : 'Signing in...'
              : signUp
                ? 'Create account'
                : 'Sign In'}
          </Button>
        </form>
      </div>
    </div>
  );
}
