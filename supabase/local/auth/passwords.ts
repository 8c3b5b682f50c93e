import { readFileSync } from 'node:fs';
import bcrypt from 'bcryptjs';
import type { AuthConfig } from '../config.ts';
import { badRequest, WeakPasswordError } from './errors.ts';

export type PasswordPolicy = AuthConfig['password'];

const BCRYPT_COST = 10;
/** GoTrue refuses passwords over 72 bytes, the most bcrypt reads. */
const PASSWORD_MAX_LENGTH = 72;
/** GoTrue's message for its `pwned` reason (leaked-password protection). */
const PASSWORD_PWNED =
  'Password is known to be weak and easy to guess, please choose a different one.';

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
 * GoTrue's `checkPasswordStrength` with the configured policy (config.ts:
 * GOTRUE_PASSWORD_MIN_LENGTH, at least config.toml's minimum_password_length, and
 * GOTRUE_PASSWORD_REQUIRED_CHARACTERS), in GoTrue's order and wording
 * (reasons `length`, then `characters`), then GoTrue's leaked-password
 * protection (reason `pwned`), for which the bundled common-password list
 * stands in (hosted Supabase asks HaveIBeenPwned). Nothing else: Peega's own
 * pattern rules (spaces only, a repeated pattern, the service's name) have no
 * form hosted GoTrue enforces, so they live in the forms that choose a
 * password (shared/domain/validation/password-strength.ts) and not here
 * (#34; docs/deploy.md says where each rule holds).
 */
export function checkPasswordStrength(
  policy: PasswordPolicy,
  password: string,
): void {
  if (Buffer.byteLength(password) > PASSWORD_MAX_LENGTH) {
    throw badRequest(
      'validation_failed',
      `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`,
    );
  }
  const reasons: string[] = [];
  const messages: string[] = [];
  const add = (reason: string, message: string) => {
    if (reasons.includes(reason)) return;
    reasons.push(reason);
    messages.push(message);
  };
  if (Buffer.byteLength(password) < policy.minLength) {
    add(
      'length',
      `Password should be at least ${policy.minLength} characters.`,
    );
  }
  const sets = policy.requiredCharacters;
  if (sets.some((set) => ![...set].some((c) => password.includes(c)))) {
    add(
      'characters',
      `Password should contain at least one character of each: ${sets.join(', ')}.`,
    );
  }
  if (commonPasswords().has(password.toLowerCase())) {
    add('pwned', PASSWORD_PWNED);
  }
  if (reasons.length) throw new WeakPasswordError(messages.join(' '), reasons);
}

/** The strength problem of a password, or undefined (for sign-in answers). */
export function passwordWeakness(
  policy: PasswordPolicy,
  password: string,
): WeakPasswordError | undefined {
  try {
    checkPasswordStrength(policy, password);
    return undefined;
  } catch (e) {
    return e instanceof WeakPasswordError ? e : undefined;
  }
}
