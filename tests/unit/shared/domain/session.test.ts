import { describe, expect, it } from 'vitest';
import { isSessionGone } from '@shared/domain/session.ts';

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
