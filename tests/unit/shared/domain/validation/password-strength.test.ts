import { describe, expect, it } from 'vitest';
import { newPasswordSchema } from '@shared/domain/validation/fields';
import { tooManyAttemptsMessage } from '@shared/domain/validation/messages';
import {
  PASSWORD_COMMON,
  PASSWORD_REPEATED,
  PASSWORD_WHITESPACE_ONLY,
  passwordBaseWord,
  passwordPatternWeaknesses,
  toastForPasswordIssue,
} from '@shared/domain/validation/password-strength';

describe('passwordPatternWeaknesses (shared with the auth server)', () => {
  it.each([
    ['        ', 'whitespace'],
    ['aaaaaaaa', 'repeated'],
    ['abababab', 'repeated'],
    ['passpass', 'repeated'],
    ['11112222', 'repeated'],
    ['peega123', 'pwned'],
    ['Peega2026!', 'pwned'],
    ['mypeega1', 'pwned'],
  ])('%j → %s', (password, reason) => {
    expect(passwordPatternWeaknesses(password).map((w) => w.reason)).toContain(
      reason,
    );
  });

  it.each(['correct horse battery', 'Tr0ub4dor&3', 'xk29!fqP', 'abcdefgh'])(
    'accepts %j',
    (password) => {
      expect(passwordPatternWeaknesses(password)).toEqual([]);
    },
  );

  it('leaves short passwords to the length rule', () => {
    expect(passwordPatternWeaknesses('aaa')).toEqual([]);
  });

  it('strips trailing digits and symbols for the word-list check', () => {
    expect(passwordBaseWord('Sunshine2024!')).toBe('sunshine');
  });
});

describe('newPasswordSchema refuses what the server refuses', () => {
  it.each([
    ['        ', PASSWORD_WHITESPACE_ONLY],
    ['aaaaaaaa', PASSWORD_REPEATED],
    ['peega123', PASSWORD_COMMON],
  ])('%j: %s', (password, message) => {
    const r = newPasswordSchema.safeParse(password);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(message);
    expect(toastForPasswordIssue(message)).toEqual({
      title: 'Weak password',
      description: message,
    });
  });
});

describe('tooManyAttemptsMessage', () => {
  it.each([
    [undefined, 'Too many attempts. Please wait a few minutes and try again.'],
    [1, 'Too many attempts. Please try again in 1 second.'],
    [42, 'Too many attempts. Please try again in 42 seconds.'],
    [60, 'Too many attempts. Please try again in 1 minute.'],
    [900, 'Too many attempts. Please try again in 15 minutes.'],
  ])('%s s → %s', (seconds, text) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(text);
  });
});
