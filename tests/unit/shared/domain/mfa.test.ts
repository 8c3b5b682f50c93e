import { describe, expect, it } from 'vitest';
import { mfaErrorText, MFA_TEXTS, totpCodeSchema } from '@shared/domain/mfa';

describe('totpCodeSchema', () => {
  it('takes six digits, spaces dropped', () => {
    expect(totpCodeSchema.parse('123456')).toBe('123456');
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
  });

  it.each(['12345', '1234567', '12a456', ''])('refuses %j', (code) => {
    const r = totpCodeSchema.safeParse(code);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MFA_TEXTS.badFormat);
  });
});

describe('mfaErrorText', () => {
  it.each([
    'mfa_verification_failed',
    'mfa_challenge_expired',
    'mfa_ip_address_mismatch',
  ])('%s reads as a wrong code', (code) => {
    expect(mfaErrorText({ code, message: 'x' })).toBe(MFA_TEXTS.wrongCode);
  });

  it('keeps any other message (e.g. a rate limit)', () => {
    expect(
      mfaErrorText({
        code: 'over_request_rate_limit',
        message: 'Too many attempts. Please try again in 2 minutes.',
      }),
    ).toBe('Too many attempts. Please try again in 2 minutes.');
  });
});
