import { describe, expect, it } from 'vitest';
import { isAccountChange, isSessionGone } from '@shared/domain/session.ts';

describe('isSessionGone', () => {
  it.each([
    [
      {
        status: 403,
        code: 'user_not_found',
        message: 'User from sub claim in JWT does not exist',
      },
      true,
    ],
    [
      { status: 403, message: 'User from sub claim in JWT does not exist' },
      true,
    ],
    [{ status: 403, code: 'session_not_found' }, true],
    [{ status: 400, code: 'refresh_token_not_found' }, true],
    [{ status: 0, message: 'Failed to fetch' }, false],
    [{ status: 500, message: 'boom' }, false],
    [null, false],
  ])('%o → %s', (error, gone) => {
    expect(isSessionGone(error)).toBe(gone);
  });
});

describe('isAccountChange', () => {
  it.each([
    // The first known state (INITIAL_SESSION): nothing cached before it.
    [undefined, 'a', false],
    [undefined, null, false],
    // A token refresh or user update keeps the user and the cache.
    ['a', 'a', false],
    [null, null, false],
    // Sign-out, ended session, another account (here or in another tab).
    ['a', null, true],
    ['a', 'b', true],
    [null, 'b', true],
  ] as const)('%s → %s: %s', (before, after, expected) => {
    expect(isAccountChange(before, after)).toBe(expected);
  });
});
