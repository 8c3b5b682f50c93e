import { paths } from '@shared/domain/app-paths';
import {
  hasSessionHandover,
  readSessionHandoverFragment,
} from '@shared/domain/session-handover';

let taken: ReturnType<typeof readSessionHandoverFragment> | null = null;

/**
 * Before anything renders: a handover code in the address is moved into
 * memory and removed from the address bar and this history entry, so it is
 * never shown, bookmarked, synced or restored by Back (#40 item 17).
 */
export function takeSessionHandoverFragment(): void {
  const { pathname, search, hash } = window.location;
  if (pathname !== paths.sessionHandover || !hasSessionHandover(hash)) return;
  taken = readSessionHandoverFragment(hash);
  window.history.replaceState(window.history.state, '', pathname + search);
}

/** The code and return path taken from the address (nothing once forgotten). */
export function peekSessionHandover(): ReturnType<
  typeof readSessionHandoverFragment
> {
  return taken ?? { code: null, next: null };
}

/** Drops the code when it is being spent: Back to the page finds nothing. */
export function forgetSessionHandover(): void {
  taken = null;
}
