import { describe, expect, it } from 'vitest';
import {
  hasSessionHandover,
  readSessionHandoverFragment,
  sessionHandoverHref,
} from '@shared/domain/session-handover';

const CODE = 'a1'.repeat(32);

describe('session handover addresses (#40 item 17)', () => {
  it('puts the code and the return path in the fragment, never the query', () => {
    const href = sessionHandoverHref(CODE, '/app');
    expect(href).toBe(`/auth/handover#handover=${CODE}&next=%2Fapp`);
    expect(href).not.toContain('?');
    expect(readSessionHandoverFragment(href.split('#')[1]!)).toEqual({
      code: CODE,
      next: '/app',
    });
  });

  it('drops a return path that would leave the site', () => {
    expect(sessionHandoverHref(CODE, '//evil.example/x')).toBe(
      `/auth/handover#handover=${CODE}`,
    );
    expect(
      readSessionHandoverFragment(`#handover=${CODE}&next=https://evil.example`)
        .next,
    ).toBeNull();
  });

  it('reads only well-formed codes, but sees any handover in the address', () => {
    for (const junk of ['', 'xyz', CODE.toUpperCase(), `${CODE}0`])
      expect(readSessionHandoverFragment(`#handover=${junk}`).code).toBeNull();
    expect(hasSessionHandover('#handover=xyz')).toBe(true);
    // supabase-js's own callbacks (PKCE code, implicit tokens) are not ours.
    expect(hasSessionHandover(`#code=${CODE}`)).toBe(false);
    expect(hasSessionHandover('#access_token=x')).toBe(false);
  });
});
