import { useState, type FormEvent } from 'react';
import { signInWithPassword } from '@shared/data/auth';
import type { Client } from '@shared/data/client';
import {
  EMAIL_INVALID,
  PASSWORD_REQUIRED,
} from '@shared/domain/validation/messages';
import { describeFailure, type FailureMessage } from '@ext/lib/errors';
import { sessionEndItem } from '@ext/lib/storage';
import { SESSION_ENDED } from '@shared/domain/session';
import { Button, Input, Notice } from '@ext/components/ui';

/** E-mail and password sign-in; sign-up happens on the web app. */
export function SignIn({
  getClient,
  backendUrl,
  ended = false,
}: {
  /** supabase-js, loaded on demand (it is not part of the first screen). */
  getClient: () => Promise<Client>;
  backendUrl: string;
  /** The previous session's account is gone: say why the user is here. */
  ended?: boolean;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<FailureMessage | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // The shared zod schema would add ~15 KB to the popup; these two checks
    // are all it does for sign-in.
    const problem = !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
      ? EMAIL_INVALID
      : !password
        ? PASSWORD_REQUIRED
        : null;
    if (problem) {
      setFailure({
        kind: 'invalid',
        title: 'Sign in failed',
        description: problem,
      });
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      await signInWithPassword(await getClient(), {
        email: email.trim(),
        password,
      });
      // Signed in again: no popup needs to say the last session ended.
      await sessionEndItem.setValue(null);
    } catch (error) {
      setFailure(describeFailure(error, 'sign-in'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      {ended && (
        <Notice tone="error" title={SESSION_ENDED.title}>
          {SESSION_ENDED.description}
        </Notice>
      )}
      <div>
        <h1 className="text-base font-semibold">Sign in to send feedback</h1>
        <p className="text-xs text-ink-muted">
          Earn XP for every feedback you send.
        </p>
      </div>
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        // The popup opened to sign in: focus goes in, as a dialog's does.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      />
      <Input
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {failure && (
        <Notice tone="error" title={failure.title}>
          {failure.description}
        </Notice>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign In'}
      </Button>
      <p className="text-center text-xs text-ink-muted">
        No account yet?{' '}
        <a
          className="font-medium text-brand-700 underline"
          href={`${backendUrl}/auth`}
          target="_blank"
          rel="noreferrer"
        >
          Sign up on Peega
        </a>
      </p>
    </form>
  );
}
