import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RequestTimeoutError,
  isConnectionError,
  isTimeoutError,
  requestTimeoutMs,
  timeoutFetch,
} from '@shared/data/timeout-fetch.ts';

/** A fetch that never answers until its signal aborts (the network is gone). */
const hanging: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('aborted', 'AbortError')),
    );
  });

afterEach(() => vi.useRealTimers());

describe('timeoutFetch', () => {
  it('gives up on a request that never answers', async () => {
    vi.useFakeTimers();
    const request = timeoutFetch(hanging, 1_000)('https://x.test/rest');
    const outcome = request.then(
      () => 'answered',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(isTimeoutError(error)).toBe(true);
  });

  it('passes answers and other failures through', async () => {
    const ok = timeoutFetch(async () => new Response('hi'), 1_000);
    expect(await (await ok('https://x.test/')).text()).toBe('hi');
    const down = timeoutFetch(async () => {
      throw new TypeError('Failed to fetch');
    }, 1_000);
    await expect(down('https://x.test/')).rejects.toThrow('Failed to fetch');
  });

  it("keeps the caller's own abort", async () => {
    const caller = new AbortController();
    const request = timeoutFetch(hanging, 60_000)('https://x.test/', {
      signal: caller.signal,
    });
    caller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('gives large uploads more time', () => {
    expect(requestTimeoutMs(undefined, 15_000)).toBe(15_000);
    const body = new Blob([new Uint8Array(1_024_000)]);
    expect(requestTimeoutMs({ body }, 15_000)).toBe(25_000);
    expect(
      requestTimeoutMs(undefined, 15_000, 'https://x.test/functions/v1/ai'),
    ).toBe(60_000);
  });

  it.each([
    [new RequestTimeoutError(15_000), true],
    [new TypeError('Failed to fetch'), true],
    [{ message: 'TypeError: NetworkError when attempting to fetch' }, true],
    [{ message: 'TimeoutError: The request timed out after 15 s.' }, true],
    [{ message: 'duplicate key', code: '23505' }, false],
  ])('isConnectionError(%o) → %s', (error, expected) => {
    expect(isConnectionError(error)).toBe(expected);
  });
});
