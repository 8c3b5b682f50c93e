import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import {
  emailSchema,
  newPasswordSchema,
} from '@shared/domain/validation/fields';
import { PASSWORD_RESET_DONE } from '@shared/domain/validation/account-messages';
import { CONSUMER_PASSWORDS_DO_NOT_MATCH } from '@shared/domain/validation/messages';
import { authActions } from '@web/api/auth/auth-actions';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/field';
import { paths } from '@web/config/paths';

/** "Forgot password?": sends the reset e-mail. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [loading, setLoading] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setLoading(true);
    try {
      await authActions.requestReset(
        parsed.data,
        `${window.location.origin}${paths.auth}?mode=reset`,
      );
      setSent(true);
    } catch (err) {
      toast.error('Password reset failed', {
        description: (err as Error).message,
      });
    } finally {
      setLoading(false);
    }
  }

  return (
    <div>
      <h2 className="text-xl font-bold">Reset your password</h2>
      {sent ? (
        <p role="status" className="mt-3 text-sm text-ink-muted">
          If an account exists for {email}, we've sent a link to reset its
          password. Check your email.
        </p>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="mt-4 flex flex-col gap-4"
        >
          <p className="text-sm text-ink-muted">
            Enter your e-mail and we'll send you a link to choose a new
            password.
          </p>
          <InputField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
          <Button type="submit" size="lg" disabled={loading}>
            {loading ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <button
        type="button"
        onClick={onBack}
        className="mt-4 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        ← Back to sign in
      </button>
    </div>
  );
}

/** The page a reset link opens: choose a new password. */
export function NewPasswordForm() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>(
    {},
  );
  const [loading, setLoading] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) {
      return setErrors({ password: parsed.error.issues[0]?.message });
    }
    if (password !== confirm) {
      return setErrors({ confirm: CONSUMER_PASSWORDS_DO_NOT_MATCH });
    }
    setErrors({});
    setLoading(true);
    try {
      await authActions.updatePassword(parsed.data);
      // The reset link signed the user in: they go on to the dashboard.
      toast.success(PASSWORD_RESET_DONE.title, {
        description: PASSWORD_RESET_DONE.description,
      });
      navigate(paths.dashboard, { replace: true });
    } catch (err) {
      toast.error('Password change failed', {
        description: (err as Error).message,
      });
    } finally {
      setLoading(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <h2 className="text-xl font-bold">Choose a new password</h2>
      <InputField
        label="New password"
        type="password"
        name="newPassword"
        placeholder="8+ characters"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <InputField
        label="Confirm new password"
        type="password"
        name="confirmNewPassword"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
      />
      <Button type="submit" size="lg" disabled={loading}>
        {loading ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
