import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { User } from '@supabase/supabase-js';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import { COMPANY_BRAND } from '@shared/domain/brand';
import { normalizeDomain } from '@shared/domain/domain-match';
import { signInSchema } from '@shared/domain/validation/auth';
import { companySignUpSchema } from '@shared/domain/validation/company';
import { COMPANY_ACCOUNT_EXISTS } from '@shared/domain/validation/messages';
import { toastForPasswordIssue } from '@shared/domain/validation/password-strength';
import { MFA_TEXTS } from '@shared/domain/mfa';
import { authActions } from '@web/api/auth/auth-actions';
import { mfaActions } from '@web/api/auth/mfa';
import { useSession } from '@web/api/auth/use-session';
import { track } from '@web/api/analytics/track';
import {
  CompanyRecordError,
  companyActions,
} from '@web/api/companies/company-actions';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/field';
import { LogoMark } from '@web/components/ui/logo';
import { onTabKey } from '@web/components/ui/tab-keys';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { AddCompanyProfile } from './add-company-profile';
import { CompanyTermsField } from './company-terms-field';
import { MfaStep } from './mfa-step';
import { ForgotPasswordForm } from './password-reset';

type Mode = 'signup' | 'signin' | 'forgot';
type Errors = Partial<Record<string, string>>;

/** Delay between 'Welcome!' and the dashboard after sign-up (spec §9). */
const SIGNUP_REDIRECT_MS = 1500;

function isDuplicate(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e.code === 'user_already_exists' ||
    e.code === 'email_exists' ||
    /already (registered|exists)/i.test(e.message ?? '')
  );
}

/**
 * /company-signup: one form toggling between sign-up and sign-in (company
 * spec §2, §5, §8), plus "Forgot password?".
 */
export function CompanyAuthScreen() {
  const [params, setParams] = useSearchParams();
  const mode: Mode =
    params.get('mode') === 'signin'
      ? 'signin'
      : params.get('mode') === 'forgot'
        ? 'forgot'
        : 'signup';
  const session = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [companyName, setCompanyName] = useState('');
  // A claim page's "Claim <domain>" brings the domain along (#35).
  const claimed = normalizeDomain(params.get('domain'));
  const [websiteUrl, setWebsiteUrl] = useState(
    claimed ? `https://${claimed}` : '',
  );
  const [domain, setDomain] = useState(claimed ?? '');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [loading, setLoading] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [autoFailed, setAutoFailed] = useState(false);
  // Signed in without a company: the company form, never a silent default.
  const [needsProfile, setNeedsProfile] = useState<User | null>(null);
  // Signed in with the password of an account with two-factor
  // authentication on: the code step before anything else (#25).
  const [needsCode, setNeedsCode] = useState<User | null>(null);
  const initial = useRef<'pending' | 'done'>('pending');

  // Already signed in when the page opens (e.g. from the confirmation link:
  // the sign-up created the company): to the dashboard when a company
  // exists, else the company form.
  useEffect(() => {
    if (session.status === 'loading' || initial.current === 'done') return;
    initial.current = 'done';
    if (session.status !== 'signed-in') return;
    const user = session.session.user;
    mfaActions
      .assuranceLevel()
      .then(async (level) => {
        if (level.needsCode) return setNeedsCode(user);
        const company = await companyActions.myCompany(user);
        if (!company) return setNeedsProfile(user);
        navigate(paths.companyDashboard, { replace: true });
      })
      .catch((err: unknown) => {
        setAutoFailed(true);
        toast.error('Company registration failed', {
          description: (err as Error).message,
        });
      });
  }, [session, navigate]);

  const setMode = (next: Mode) => {
    const p = new URLSearchParams(params);
    p.delete('mode');
    if (next !== 'signup') p.set('mode', next);
    setParams(p, { replace: true });
    setErrors({});
  };

  async function signUp() {
    const parsed = companySignUpSchema.safeParse({
      email,
      password,
      confirmPassword,
      companyName,
      websiteUrl,
      domains: domain,
      acceptTerms,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0] ?? 'form')] ??= issue.message;
      setErrors(next);
      const first = parsed.error.issues[0];
      if (first) {
        const t = toastForPasswordIssue(first.message);
        if (t.description) toast.error(t.title, { description: t.description });
      }
      return;
    }
    setErrors({});
    setLoading(true);
    try {
      const result = await companyActions.signUp({
        email: parsed.data.email,
        password: parsed.data.password,
        companyName: parsed.data.companyName,
        websiteUrl: parsed.data.websiteUrl,
        domains: parsed.data.domains,
        redirectTo: `${window.location.origin}${paths.companySignup}`,
      });
      track({
        name: 'sign_up',
        properties: { method: 'email', account_type: 'company' },
      });
      if (!result.session) {
        toast.success('Check your email!', {
          description: "We've sent you a confirmation link.",
        });
        return;
      }
      toast.success('Welcome!', {
        description:
          'Company account created successfully. Redirecting to dashboard...',
      });
      setRedirecting(true);
      setTimeout(
        () => navigate(paths.companyDashboard, { replace: true }),
        SIGNUP_REDIRECT_MS,
      );
    } catch (err) {
      if (err instanceof CompanyRecordError) {
        toast.error('Company registration failed', {
          description: 'Failed to create company profile. Please try again.',
        });
      } else if (isDuplicate(err)) {
        toast.error(COMPANY_ACCOUNT_EXISTS.title, {
          description: COMPANY_ACCOUNT_EXISTS.description,
        });
        // Sign in with what was typed; the company details wait for the
        // company form after it.
        setPassword('');
        setMode('signin');
      } else {
        toast.error('Sign up failed', { description: (err as Error).message });
      }
    } finally {
      setLoading(false);
    }
  }

  async function signIn() {
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0] ?? 'form')] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    setLoading(true);
    try {
      const { user } = await authActions.signIn(
        parsed.data.email,
        parsed.data.password,
      );
      track({
        name: 'login',
        properties: { method: 'email', account_type: 'company' },
      });
      if ((await mfaActions.assuranceLevel()).needsCode)
        return setNeedsCode(user);
      await enterCompany(user);
    } catch (err) {
      toast.error('Sign in failed', { description: (err as Error).message });
    } finally {
      setLoading(false);
    }
  }

  /** After the password (and the code, with MFA on): the dashboard. */
  async function enterCompany(user: User) {
    const company = await companyActions.myCompany(user);
    if (!company) return setNeedsProfile(user);
    toast.success('Welcome back!');
    setRedirecting(true);
    navigate(paths.companyDashboard, { replace: true });
  }

  function onCodeVerified() {
    const user = needsCode;
    setNeedsCode(null);
    if (!user) return;
    setLoading(true);
    enterCompany(user)
      .catch((err: unknown) =>
        toast.error('Sign in failed', { description: (err as Error).message }),
      )
      .finally(() => setLoading(false));
  }

  async function signOutOfCodeStep() {
    setNeedsCode(null);
    await authActions.signOut().catch(() => undefined);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (loading) return;
    void (mode === 'signup' ? signUp() : signIn());
  }

  if (
    session.status === 'loading' ||
    redirecting ||
    (session.status === 'signed-in' &&
      !loading &&
      !autoFailed &&
      !needsProfile &&
      !needsCode)
  )
    return (
      <div className="grid min-h-dvh place-items-center">
        <div className="flex flex-col items-center gap-3 text-sm text-ink-muted">
          <Spinner />
          <p>Loading...</p>
        </div>
      </div>
    );

  const signUpMode = mode === 'signup';
  const tabClass = (active: boolean) =>
    `flex-1 rounded-full py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-brand-600 ${active ? 'bg-white text-ink shadow-sm' : 'text-ink-muted hover:text-ink'}`;

  return (
    <div className="min-h-dvh bg-surface">
      <title>{`${signUpMode ? 'Company sign up' : 'Company sign in'} · ${COMPANY_BRAND}`}</title>
      <main className="mx-auto flex w-full max-w-lg flex-col px-4 py-6 sm:py-10">
        <Link
          to={paths.companyLanding}
          className="w-fit rounded text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          ← Back to {COMPANY_BRAND}
        </Link>
        <div className="mt-8 rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <Link
            to={paths.companyLanding}
            className="mb-2 flex w-fit items-center gap-2 rounded-lg text-xl font-bold"
          >
            <LogoMark className="size-9" />
            {COMPANY_BRAND}
          </Link>
          <h1 className="text-2xl font-bold">
            {needsCode
              ? MFA_TEXTS.stepTitle
              : needsProfile
                ? 'Add a company profile'
                : mode === 'signup'
                  ? 'Create your company account'
                  : mode === 'signin'
                    ? 'Sign in to your company account'
                    : 'Reset your password'}
          </h1>
          {needsCode ? (
            <MfaStep
              onVerified={onCodeVerified}
              onSignOut={() => void signOutOfCodeStep()}
            />
          ) : needsProfile ? (
            <AddCompanyProfile
              user={needsProfile}
              initial={{ companyName, websiteUrl, domain, acceptTerms }}
              onCreated={() => {
                setRedirecting(true);
                setTimeout(
                  () => navigate(paths.companyDashboard, { replace: true }),
                  SIGNUP_REDIRECT_MS,
                );
              }}
            />
          ) : mode === 'forgot' ? (
            <div className="mt-6">
              <ForgotPasswordForm onBack={() => setMode('signin')} />
            </div>
          ) : (
            <>
              <div
                role="tablist"
                aria-label="Sign up or sign in"
                className="mt-6 flex gap-1 rounded-full bg-brand-50 p-1"
              >
                {(['signup', 'signin'] as const).map((m, i) => (
                  <button
                    key={m}
                    type="button"
                    role="tab"
                    id={`company-tab-${m}`}
                    aria-selected={mode === m}
                    aria-controls="company-auth-panel"
                    tabIndex={mode === m ? 0 : -1}
                    className={tabClass(mode === m)}
                    onClick={() => setMode(m)}
                    onKeyDown={(e) =>
                      onTabKey(e, i, 2, (n) => setMode(n ? 'signin' : 'signup'))
                    }
                  >
                    {m === 'signup' ? 'Sign Up' : 'Sign In'}
                  </button>
                ))}
              </div>
              <div
                role="tabpanel"
                id="company-auth-panel"
                aria-labelledby={`company-tab-${mode}`}
              >
                <form
                  noValidate
                  onSubmit={onSubmit}
                  aria-label={
                    signUpMode ? 'Company sign up' : 'Company sign in'
                  }
                  className="mt-6 flex flex-col gap-4"
                >
                  <InputField
                    label="Email"
                    name="email"
                    type="email"
                    autoComplete="email"
                    required
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    error={errors.email}
                  />
                  <InputField
                    label="Password"
                    name="password"
                    type="password"
                    placeholder={signUpMode ? '8+ characters' : undefined}
                    autoComplete={
                      signUpMode ? 'new-password' : 'current-password'
                    }
                    required
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    error={errors.password}
                  />
                  {signUpMode && (
                    <>
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
                      <InputField
                        label="Company name"
                        name="companyName"
                        autoComplete="organization"
                        required
                        value={companyName}
                        onChange={(e) => setCompanyName(e.target.value)}
                        error={errors.companyName}
                      />
                      <InputField
                        label="Website URL"
                        name="websiteUrl"
                        type="url"
                        placeholder="https://example.com"
                        value={websiteUrl}
                        onChange={(e) => setWebsiteUrl(e.target.value)}
                        error={errors.websiteUrl}
                      />
                      <InputField
                        label="Domain"
                        name="domain"
                        placeholder="example.com, shop.example.com"
                        hint="Used to filter feedback from your website. Separate several domains with commas."
                        value={domain}
                        onChange={(e) => setDomain(e.target.value)}
                        error={errors.domains}
                      />
                    </>
                  )}
                  {!signUpMode && (
                    <button
                      type="button"
                      onClick={() => setMode('forgot')}
                      className="-mt-2 self-end rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      Forgot password?
                    </button>
                  )}
                  {signUpMode && (
                    <CompanyTermsField
                      checked={acceptTerms}
                      onChange={setAcceptTerms}
                      error={errors.acceptTerms}
                    />
                  )}
                  <Button
                    type="submit"
                    size="lg"
                    disabled={loading || (signUpMode && !acceptTerms)}
                    className="mt-2 w-full"
                  >
                    {loading
                      ? signUpMode
                        ? 'Creating account...'
                        : 'Signing in...'
                      : signUpMode
                        ? 'Create company account'
                        : 'Sign In'}
                  </Button>
                </form>
              </div>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
