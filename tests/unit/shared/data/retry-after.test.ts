import { describe, expect, it } from 'vitest';
import { toDataError } from '@shared/data/client';
import { recentRetryAfter, retryAfterFetch } from '@shared/data/retry-after';

describe('a 429 says when to try again', () => {
  it('notes Retry-After and words the error with it', async () => {
    const f = retryAfterFetch(async () =>
      Response.json(
        {
          code: 'over_request_rate_limit',
          message: 'Request rate limit reached',
        },
        { status: 429, headers: { 'retry-after': '900' } },
      ),
    );
    await f('http://backend/auth/v1/token');
    expect(recentRetryAfter()).toBeGreaterThan(890);
    const e = toDataError({
      message: 'Request rate limit reached',
      code: 'over_request_rate_limit',
      status: 429,
    });
    expect(e.message).toBe(
      'Too many attempts. Please try again in 15 minutes.',
    );
    expect(e.code).toBe('over_request_rate_limit');
    expect(e.status).toBe(429);
  });

  it("keeps GoTrue's own countdown message", () => {
    const message =
      'For security purposes, you can only request this after 42 seconds.';
    expect(
      toDataError({ message, code: 'over_email_send_rate_limit', status: 429 })
        .message,
    ).toBe(message);
  });

  it('leaves other errors alone', () => {
    expect(
      toDataError({ message: 'Invalid login credentials', status: 400 })
        .message,
    ).toBe('Invalid login credentials');
  });
});
