import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '@shared/data/client';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
const signIn = vi.hoisted(() => vi.fn());
const updatePassword = vi.hoisted(() => vi.fn());
const updatePasswordWithCurrent = vi.hoisted(() => vi.fn());
const assuranceLevel = vi.hoisted(() => vi.fn());
vi.mock('@web/lib/toast', () => ({ toast }));
vi.mock('@web/api/auth/auth-actions', () => ({
  authActions: { signIn, updatePasswordWithCurrent },
}));
vi.mock('@web/api/auth/mfa', () => ({ mfaActions: { assuranceLevel } }));
vi.mock('@web/api/companies/company-actions', () => ({
  companyActions: { updatePassword },
}));

const { PasswordCard } =
  await import('@web/features/company/components/password-card');

beforeEach(() => {
  vi.clearAllMocks();
  assuranceLevel.mockResolvedValue({ needsCode: false, current: 'aal1' });
});
afterEach(cleanup);

function fill(current: string, next: string, confirm = next) {
  render(<PasswordCard email="boss@example.com" />);
  fireEvent.change(screen.getByLabelText('Current password'), {
    target: { value: current },
  });
  fireEvent.change(screen.getByLabelText('New password'), {
    target: { value: next },
  });
  fireEvent.change(screen.getByLabelText('Confirm new password'), {
    target: { value: confirm },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('PasswordCard (L7: the current password is proven first)', () => {
  it('signs in with the current password, then sets the new one', async () => {
    signIn.mockResolvedValue({});
    updatePassword.mockResolvedValue(undefined);
    fill('old-long-passphrase', 'new-long-passphrase');
    await settled();
    expect(signIn).toHaveBeenCalledWith(
      'boss@example.com',
      'old-long-passphrase',
    );
    expect(updatePassword).toHaveBeenCalledWith('new-long-passphrase');
    expect(signIn.mock.invocationCallOrder[0]).toBeLessThan(
      updatePassword.mock.invocationCallOrder[0]!,
    );
    expect(toast.success).toHaveBeenCalledWith('Password updated');
  });

  it('a wrong current password: clear message, nothing changed', async () => {
    signIn.mockRejectedValue(
      new DataError('Invalid login credentials', 'invalid_credentials', 400),
    );
    fill('not-my-password', 'new-long-passphrase');
    await settled();
    expect(updatePassword).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Password change failed', {
      description: 'Your current password is incorrect.',
    });
  });

  it('a rate-limited check says when to try again', async () => {
    signIn.mockRejectedValue(
      new DataError(
        'Too many attempts. Please try again in 15 minutes.',
        'over_request_rate_limit',
        429,
      ),
    );
    fill('old-long-passphrase', 'new-long-passphrase');
    await settled();
    expect(updatePassword).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Password change failed', {
      description: 'Too many attempts. Please try again in 15 minutes.',
    });
  });

  it('refuses a weak new password before asking the server', async () => {
    fill('old-long-passphrase', 'aaaaaaaa');
    await settled();
    expect(signIn).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('Weak password', {
      description:
        'Password should not repeat one character or a short pattern, please choose a different one.',
    });
  });

  it('at aal2 (two-factor on) proves the current password with the change, no new sign-in (#25)', async () => {
    assuranceLevel.mockResolvedValue({ needsCode: false, current: 'aal2' });
    updatePasswordWithCurrent.mockResolvedValue(undefined);
    fill('old-long-passphrase', 'new-long-passphrase');
    await settled();
    expect(signIn).not.toHaveBeenCalled();
    expect(updatePassword).not.toHaveBeenCalled();
    expect(updatePasswordWithCurrent).toHaveBeenCalledWith(
      'new-long-passphrase',
      'old-long-passphrase',
    );
    expect(toast.success).toHaveBeenCalledWith('Password updated');
  });

  it('at aal2 a wrong current password says so', async () => {
    assuranceLevel.mockResolvedValue({ needsCode: false, current: 'aal2' });
    updatePasswordWithCurrent.mockRejectedValue(
      new DataError('Current password is wrong', 'invalid_credentials', 400),
    );
    fill('not-my-password', 'new-long-passphrase');
    await settled();
    expect(toast.error).toHaveBeenCalledWith('Password change failed', {
      description: 'Your current password is incorrect.',
    });
  });
});
