/**
 * Peega's password rules beyond GoTrue's, checked by every form that chooses
 * a password (sign-up, reset, change; web app and extension). Hosted GoTrue
 * has no hook that sees a new password, so these rules have no server form:
 * the server enforces its configured length and character sets and, on plans
 * that have it, leaked-password protection (reason `pwned`), and the emulator
 * does exactly that much (docs/deploy.md "Where each rule holds").
 */

import { PASSWORD_MIN_LENGTH } from './limits.ts';
import { toastForIssue, type ToastMessage } from './messages.ts';

// The rule's own texts live here, not in messages.ts, which every route's
// bundle carries; only the forms that choose a password load them.
/** A password of white space only (ours; weak_password reason `whitespace`). */
export const PASSWORD_WHITESPACE_ONLY =
  'Password cannot be made of spaces only.';

/** One character or a short pattern repeated (ours; reason `repeated`). */
export const PASSWORD_REPEATED =
  'Password should not repeat one character or a short pattern, please choose a different one.';

/**
 * A common password or one built on the service's name: GoTrue's text for
 * its `pwned` reason.
 */
export const PASSWORD_COMMON =
  'Password is known to be weak and easy to guess, please choose a different one.';

const WEAK = [PASSWORD_WHITESPACE_ONLY, PASSWORD_REPEATED, PASSWORD_COMMON];

/** toastForIssue for a password form: the rule's texts are 'Weak password'. */
export function toastForPasswordIssue(message: string): ToastMessage {
  return WEAK.includes(message)
    ? { title: 'Weak password', description: message }
    : toastForIssue(message);
}

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
