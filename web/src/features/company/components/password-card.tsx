import { useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import {
  canSubmitChangePassword,
  changePasswordSchema,
} from '@shared/domain/validation/company';
import type { DataError } from '@shared/data/client';
import { CURRENT_PASSWORD_INCORRECT } from '@shared/domain/validation/account-messages';
import { toastForPasswordIssue } from '@shared/domain/validation/password-strength';
import { authActions } from '@web/api/auth/auth-actions';
import { mfaActions } from '@web/api/auth/mfa';
import { companyActions } from '@web/api/companies/company-actions';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { InputField } from '@web/components/ui/field';

/** The toast of a change refused for the current password, or another failure. */
function currentPasswordFailed(err: unknown) {
  const wrong = (err as DataError).code === 'invalid_credentials';
  toast.error('Password change failed', {
    description: wrong ? CURRENT_PASSWORD_INCORRECT : (err as Error).message,
  });
}

/** Change Password (spec §5, §8; 8+ characters, DECISIONS.md). */
export function PasswordCard({ email }: { email: string }) {
  const [form, setForm] = useState({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = changePasswordSchema.safeParse(form);
    if (!parsed.success) {
      const t = toastForPasswordIssue(parsed.error.issues[0]?.message ?? '');
      toast.error(t.title, { description: t.description });
      return;
    }
    setBusy(true);
    try {
      // With two-factor authentication on, a fresh sign-in would trade this
      // aal2 session for an aal1 one (and lose the company data): the
      // current password goes with the change instead (#25). Otherwise a
      // fresh sign-in proves it, the recent authentication the server asks
      // for (L7); either way the change ends every other session.
      const aal2 = (await mfaActions.assuranceLevel()).current === 'aal2';
      try {
        if (aal2) {
          await authActions.updatePasswordWithCurrent(
            parsed.data.newPassword,
            parsed.data.currentPassword,
          );
        } else {
          await authActions.signIn(email, parsed.data.currentPassword);
        }
      } catch (err) {
        return currentPasswordFailed(err);
      }
      if (!aal2) await companyActions.updatePassword(parsed.data.newPassword);
      toast.success('Password updated');
      setForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
    } catch (err) {
      toast.error('Password change failed', {
        description: (err as Error).message,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card id="password" className="scroll-mt-20">
      <h2 className="text-lg font-bold">Change Password</h2>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Change password"
        className="mt-4 flex flex-col gap-4"
      >
        <InputField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={(e) => set('currentPassword')(e.target.value)}
        />
        <InputField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          placeholder="8+ characters"
          value={form.newPassword}
          onChange={(e) => set('newPassword')(e.target.value)}
        />
        <InputField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => set('confirmPassword')(e.target.value)}
        />
        <Button
          type="submit"
          className="self-start"
          disabled={busy || !canSubmitChangePassword(form)}
        >
          {busy ? 'Updating...' : 'Update password'}
        </Button>
      </form>
    </Card>
  );
}
