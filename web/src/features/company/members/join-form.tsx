import { useState, type FormEvent } from 'react';
import { LegalLink } from '@web/components/ui/legal-link';
import {
  consumerSignUpSchema,
  signInSchema,
} from '@shared/domain/validation/auth';
import { authActions } from '@web/api/auth/auth-actions';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/field';
import { paths } from '@web/config/paths';
import { toast } from '@web/lib/toast';

type Errors = Record<string, string>;

function issues(error: {
  issues: { path: PropertyKey[]; message: string }[];
}): Errors {
  const out: Errors = {};
  for (const i of error.issues) out[String(i.path[0] ?? 'form')] ??= i.message;
  return out;
}

/**
 * Signed out on an invitation: create the account with the invited address
 * (the default) or sign in with it. The page accepts once a session exists;
 * without one (e-mail confirmation on) the confirmation link comes back here.
 */
export function JoinForm({
  email,
  hasAccount = false,
}: {
  email: string;
  /** The invited address has an account: "Sign in and join" first (#40 item 5). */
  hasAccount?: boolean;
}) {
  const [mode, setMode] = useState<'signup' | 'signin'>(
    hasAccount ? 'signin' : 'signup',
  );
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [loading, setLoading] = useState(false);
  const [checkMail, setCheckMail] = useState(false);
  const signUp = mode === 'signup';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (loading) return;
    const parsed = signUp
      ? consumerSignUpSchema.safeParse({
          fullName,
          email,
          password,
          confirmPassword,
          acceptTerms,
        })
      : signInSchema.safeParse({ email, password });
    if (!parsed.success) return setErrors(issues(parsed.error));
    setErrors({});
    setLoading(true);
    try {
      if (signUp) {
        const result = await authActions.signUp({
          email,
          password,
          fullName: fullName.trim(),
          redirectTo: window.location.href,
        });
        if (!result.session) setCheckMail(true);
      } else {
        await authActions.signIn(email, password);
      }
    } catch (err) {
      toast.error(signUp ? 'Sign up failed' : 'Sign in failed', {
        description: (err as Error).message,
      });
    } finally {
      setLoading(false);
    }
  }

  if (checkMail)
    return (
      <p role="status" className="mt-6 rounded-xl bg-brand-50 p-4 text-sm">
        Check your email! We sent a confirmation link to{' '}
        <strong>{email}</strong>; it brings you back here to join.
      </p>
    );

  return (
    <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
      {hasAccount && !signUp && (
        <p className="text-sm text-ink-muted">
          This address already has a Peega account: sign in to join.
        </p>
      )}
      <InputField label="Email" type="email" value={email} readOnly />
      {signUp && (
        <InputField
          label="Full Name"
          autoComplete="name"
          value={fullName}
          error={errors.fullName}
          onChange={(e) => setFullName(e.target.value)}
        />
      )}
      <InputField
        label="Password"
        type="password"
        autoComplete={signUp ? 'new-password' : 'current-password'}
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {signUp && (
        <InputField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
      )}
      {signUp && (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={acceptTerms}
            onChange={(e) => setAcceptTerms(e.target.checked)}
            className="mt-0.5 size-4 accent-brand-600"
          />
          <span>
            I accept the{' '}
            <LegalLink to={paths.privacyPolicy}>Privacy Policy</LegalLink> and
            the{' '}
            <LegalLink to={paths.termsConditions}>
              Terms and Conditions
            </LegalLink>
          </span>
        </label>
      )}
      <Button
        type="submit"
        size="lg"
        disabled={loading || (signUp && !acceptTerms)}
      >
        {signUp ? 'Create account and join' : 'Sign in and join'}
      </Button>
      {/* An address with an account cannot have a second one. */}
      {!hasAccount && (
        <p className="text-center text-sm text-ink-muted">
          {signUp ? 'Already have an account?' : 'New to Peega?'}{' '}
          <button
            type="button"
            className="font-medium text-brand-700 hover:underline"
            onClick={() => {
              setErrors({});
              setMode(signUp ? 'signin' : 'signup');
            }}
          >
            {signUp ? 'Sign in' : 'Create an account'}
          </button>
        </p>
      )}
    </form>
  );
}
