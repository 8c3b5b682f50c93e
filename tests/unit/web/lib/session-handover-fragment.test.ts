import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetSessionHandover,
  peekSessionHandover,
  takeSessionHandoverFragment,
} from '@web/lib/session-handover-fragment';

const CODE = '0f'.repeat(32);

describe('the handover code leaves the address at once (#40 item 17)', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    forgetSessionHandover();
  });

  it('moves the code into memory and out of the address and this history entry', () => {
    window.history.replaceState(
      null,
      '',
      `/auth/handover#handover=${CODE}&next=%2Fbadges`,
    );
    const entries = window.history.length;
    takeSessionHandoverFragment();
    expect(window.location.href).toBe(
      `${window.location.origin}/auth/handover`,
    );
    expect(window.history.length).toBe(entries);
    expect(peekSessionHandover()).toEqual({ code: CODE, next: '/badges' });
    // Once spent, a later visit of the page (Back) finds nothing.
    forgetSessionHandover();
    expect(peekSessionHandover()).toEqual({ code: null, next: null });
  });

  it('leaves other pages and fragments alone', () => {
    window.history.replaceState(null, '', `/app#handover=${CODE}`);
    takeSessionHandoverFragment();
    expect(window.location.hash).toBe(`#handover=${CODE}`);
    expect(peekSessionHandover().code).toBeNull();
  });
});
