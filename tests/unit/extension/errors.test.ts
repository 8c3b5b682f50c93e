import { describe, expect, it } from 'vitest';
import { describeFailure } from '@ext/lib/errors';
import {
  captureRestriction,
  dataUrlBytes,
  dataUrlToBlob,
} from '@ext/lib/screenshot';

describe('describeFailure', () => {
  it.each([
    [new TypeError('Failed to fetch'), 'submit', 'offline'],
    [{ message: 'x', status: 503 }, 'submit', 'offline'],
    [
      { message: 'Too many', code: 'PT429', status: 429 },
      'submit',
      'rate-limited',
    ],
    [{ message: 'JWT expired', status: 401 }, 'submit', 'auth'],
    [{ message: 'mime type not supported', status: 415 }, 'upload', 'upload'],
    [{ message: 'titles are at most 200', code: '23514' }, 'submit', 'invalid'],
    [{ message: 'weird' }, 'submit', 'unknown'],
    [{ message: 'Invalid login credentials', status: 400 }, 'sign-in', 'auth'],
  ] as const)('%o during %s → %s', (error, stage, kind) => {
    expect(describeFailure(error, stage).kind).toBe(kind);
  });

  it.each([
    [
      new (class extends Error {
        override name = 'TimeoutError';
      })('The request timed out after 15 s.'),
      'upload',
    ],
    // PostgREST and Storage wrap the fetch's rejection into a message.
    [{ message: 'TimeoutError: The request timed out after 15 s.' }, 'submit'],
  ] as const)(
    'says a timed-out request (%o during %s) did not answer',
    (error, stage) => {
      expect(describeFailure(error, stage)).toMatchObject({
        kind: 'offline',
        title: 'Peega did not answer in time',
      });
    },
  );

  it('asks to sign in again with the spec message', () => {
    expect(describeFailure({ status: 401, message: 'JWT expired' })).toEqual({
      kind: 'auth',
      title: 'Authentication required',
      description: 'Please sign in to submit feedback.',
    });
  });

  it('shows the server message for a failed sign-in', () => {
    expect(
      describeFailure(
        { status: 400, message: 'Invalid login credentials' },
        'sign-in',
      ).description,
    ).toBe('Invalid login credentials');
  });
});

describe('screenshots', () => {
  it.each([
    ['chrome://extensions/', 'Browser pages'],
    ['https://chromewebstore.google.com/detail/x', 'extension store'],
    ['https://example.com/manual.pdf', 'PDF'],
    ['file:///home/me/a.html', 'Local files'],
  ])('%s cannot be captured', (url, reason) => {
    expect(captureRestriction(url)).toContain(reason);
  });

  it('lets ordinary pages be captured', () => {
    expect(captureRestriction('https://example.com/a?b=c')).toBeNull();
  });

  it('measures and decodes data URLs', async () => {
    const url = `data:image/jpeg;base64,${btoa('\xff\xd8\xff\xe0abcd')}`;
    expect(dataUrlBytes(url)).toBe(8);
    const blob = dataUrlToBlob(url);
    expect(blob.type).toBe('image/jpeg');
    expect(new Uint8Array(await blob.arrayBuffer()).slice(0, 3)).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff]),
    );
  });
});
