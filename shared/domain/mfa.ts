import { z } from 'zod';
import { COMPANY_BRAND } from './brand.ts';

/** The texts of two-factor authentication (company settings and sign-in). */
export const MFA_TEXTS = {
  cardTitle: 'Two-factor authentication',
  offDescription:
    'Protect your company account: after your password, signing in asks for a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy…).',
  onDescription:
    'Two-factor authentication is on. Signing in asks for a code from your authenticator app.',
  onBadge: 'On',
  offBadge: 'Off',
  setUp: 'Set up two-factor authentication',
  scan: 'Scan this QR code with your authenticator app, then enter the 6-digit code it shows.',
  qrAlt: 'QR code to add Peega to your authenticator app',
  manualKey: "Can't scan it? Enter this key in the app:",
  codeLabel: '6-digit code',
  turnOn: 'Turn on',
  cancel: 'Cancel',
  turnOff: 'Turn off two-factor authentication',
  turnOffPrompt:
    'Enter a current code from your authenticator app to turn two-factor authentication off.',
  confirmOff: 'Turn off',
  enabledToast: 'Two-factor authentication is on',
  disabledToast: 'Two-factor authentication is off',
  failedToast: 'Two-factor authentication',
  wrongCode:
    'That code is not right. Enter the current 6-digit code from your authenticator app.',
  badFormat: 'Enter the 6 digits from your authenticator app.',
  stepTitle: 'Enter your authentication code',
  stepDescription: `Two-factor authentication is on for this account. Open your authenticator app and enter the 6-digit code for ${COMPANY_BRAND}.`,
  verify: 'Verify',
  verifying: 'Verifying...',
  signOut: 'Sign out',
} as const;

/** A TOTP code as typed: spaces dropped, exactly six digits. */
export const totpCodeSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, MFA_TEXTS.badFormat));

/**
 * The message for a refused code: GoTrue's wrong code (422
 * mfa_verification_failed) and expired or used challenges read alike.
 */
export function mfaErrorText(err: { code?: string; message?: string }): string {
  if (
    err.code === 'mfa_verification_failed' ||
    err.code === 'mfa_challenge_expired' ||
    err.code === 'mfa_ip_address_mismatch'
  ) {
    return MFA_TEXTS.wrongCode;
  }
  return err.message || 'Something went wrong';
}
