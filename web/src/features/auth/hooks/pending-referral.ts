/**
 * The referral code of a sign-up, kept until the next signed-in visit of
 * the auth screen processes it once (consumer spec §2 Auth screen).
 */
const KEY = 'peega.pendingReferral';

export const pendingReferral = {
  get(): string | null {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(code: string) {
    try {
      localStorage.setItem(KEY, code);
    } catch {
      // Private mode: the referral is simply not remembered.
    }
  },
  clear() {
    try {
      localStorage.removeItem(KEY);
    } catch {
      // Nothing stored.
    }
  },
};
