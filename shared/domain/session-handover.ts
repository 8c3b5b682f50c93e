import { paths } from './app-paths.ts';
import { safeReturnPath } from './return-path.ts';

/**
 * Handing the extension's session to the web app (#40 item 17): the
 * extension asks the database for a one-time code and opens
 * `/auth/handover#handover=…&next=…`. The code travels in the fragment,
 * which no server and no Referer sees, and the page removes it from the
 * address bar and the history entry before anything else. (Not `code`:
 * supabase-js reads a `code` in the address as its own PKCE callback.)
 */
const PARAM = 'handover';

/** A code as create_session_handover makes it: 32 random bytes in hex. */
export const HANDOVER_CODE = /^[0-9a-f]{64}$/;

export const SESSION_HANDOVER_MESSAGES = {
  signingIn: 'Signing you in…',
  expired:
    'This link from the extension has expired or was already used. Sign in to continue.',
  failed: 'Could not sign you in from the extension. Sign in to continue.',
  signIn: 'Sign in',
} as const;

/** Where the extension sends the browser to land on `next` signed in. */
export function sessionHandoverHref(code: string, next: string): string {
  const fragment = new URLSearchParams({ [PARAM]: code });
  const safe = safeReturnPath(next);
  if (safe) fragment.set('next', safe);
  return `${paths.sessionHandover}#${fragment.toString()}`;
}

/** Whether the fragment carries a handover code (well formed or not). */
export const hasSessionHandover = (hash: string): boolean =>
  new URLSearchParams(hash.replace(/^#/, '')).has(PARAM);

/** The code (null when absent or malformed) and the safe return path of the fragment. */
export function readSessionHandoverFragment(hash: string): {
  code: string | null;
  next: string | null;
} {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const code = fragment.get(PARAM);
  return {
    code: code && HANDOVER_CODE.test(code) ? code : null,
    next: safeReturnPath(fragment.get('next')),
  };
}

/** The session-handover function's answer. */
export type SessionHandoverAnswer =
  | { ok: true; email: string; token_hash: string }
  | { ok: false; error: string };
