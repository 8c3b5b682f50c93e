import { readFileSync } from 'node:fs';
import bcrypt from 'bcryptjs';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../shared/domain/validation/limits.ts';
import { badRequest, WeakPasswordError } from './errors.ts';

const BCRYPT_COST = 10;

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

export const hashPassword = (password: string) =>
  bcrypt.hash(password, BCRYPT_COST);

/**
 * Compares with a stored bcrypt hash (GoTrue's, pgcrypto's `crypt()` or
 * ours). bcrypt ignores bytes past 72, so longer inputs never match.
 */
export async function verifyPassword(
  password: string,
  hash: string | null,
): Promise<boolean> {
  if (!hash || Buffer.byteLength(password) > PASSWORD_MAX_LENGTH) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real comparison when there is no account (or no
 * password) to compare with, so a sign-in's duration does not tell which
 * e-mails have an account (tests/security/auth-abuse.test.ts).
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= bcrypt.hash('peega-no-such-account', BCRYPT_COST);
  await verifyPassword(password, await dummyHash);
}

/**
 * GoTrue's `checkPasswordStrength` with this project's rules (DECISIONS.md):
 * at least 8 characters and not one of the bundled common passwords, which
 * stands in for GoTrue's HaveIBeenPwned check (reason `pwned`).
 */
export function checkPasswordStrength(password: string): void {
  if (Buffer.byteLength(password) > PASSWORD_MAX_LENGTH) {
    throw badRequest(
      'validation_failed',
      `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`,
    );
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  if (Buffer.byteLength(password) < PASSWORD_MIN_LENGTH) {
    reasons.push('length');
    messages.push(
      `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`,
    );
  }
  if (commonPasswords().has(password.toLowerCase())) {
    reasons.push('pwned');
    messages.push(
      'Password is known to be weak and easy to guess, please choose a different one.',
    );
  }
  if (reasons.length) throw new WeakPasswordError(messages.join(' '), reasons);
}

/** The strength problem of a password, or undefined (for sign-in answers). */
export function passwordWeakness(
  password: string,
): WeakPasswordError | undefined {
  try {
    checkPasswordStrength(password);
    return undefined;
  } catch (e) {
    return e instanceof WeakPasswordError ? e : undefined;
  }
}
