/**
 * Password strength rules shared by the web forms and the auth server
 * (supabase/local/auth/passwords.ts), so both refuse the same passwords with
 * the same words. The server adds the bundled common-password list; the
 * reasons are GoTrue's `weak_password.reasons` (`length`, `pwned`) plus ours.
 */

import { PASSWORD_MIN_LENGTH } from './limits.ts';
import {
  PASSWORD_COMMON,
  PASSWORD_REPEATED,
  PASSWORD_WHITESPACE_ONLY,
} from './messages.ts';

/** One failed rule: its `weak_password` reason and the message shown. */
export interface PasswordWeakness {
  readonly reason: 'whitespace' | 'repeated' | 'pwned';
  readonly message: string;
}

/** Words of this service: `peega123` is no better than `password`. */
const SERVICE_WORDS = ['peega'];

/** Fewest different characters a password must use. */
const MIN_DISTINCT_CHARACTERS = 4;

/**
 * The password without what people add to a word to pass a rule: trailing
 * digits and symbols (`sunshine2024!` → `sunshine`).
 */
export function passwordBaseWord(password: string): string {
  return password
    .toLowerCase()
    .replace(/[\d\W_]+$/u, '')
    .trim();
}

/** A password that is one shorter block said again: `abab…`, `passpass`. */
function isRepeatedBlock(password: string): boolean {
  return /^([\s\S]+?)\1+$/u.test(password);
}

/**
 * The rules that need no word list: not only white space, not one character
 * or a short pattern repeated (fewer than 4 different characters, or one
 * block said again), not built on the service's name. Shorter passwords are
 * left to the length rule.
 */
export function passwordPatternWeaknesses(
  password: string,
): PasswordWeakness[] {
  if (password.length < PASSWORD_MIN_LENGTH) return [];
  if (password.trim() === '') {
    return [{ reason: 'whitespace', message: PASSWORD_WHITESPACE_ONLY }];
  }
  const out: PasswordWeakness[] = [];
  const distinct = new Set(Array.from(password.toLowerCase())).size;
  if (distinct < MIN_DISTINCT_CHARACTERS || isRepeatedBlock(password)) {
    out.push({ reason: 'repeated', message: PASSWORD_REPEATED });
  }
  const lower = password.toLowerCase();
  const base = passwordBaseWord(password);
  const built = SERVICE_WORDS.some(
    (w) => base === w || lower.replace(new RegExp(w, 'gu'), '').length < 4,
  );
  if (built) out.push({ reason: 'pwned', message: PASSWORD_COMMON });
  return out;
}
