import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Prefetch } from '@web/app/prefetch';

// The fakes prefetchScreenData really calls: the app's supabase client (only
// its session read) and the runtime configuration it waits for.
const getSession = vi.fn();
vi.mock('@web/lib/supabase', () => ({
  getSupabase: () => ({ auth: { getSession } }),
}));
const loadEnv = vi.fn();
vi.mock('@web/lib/env', () => ({ loadEnv: () => loadEnv() }));

const { prefetchScreenData } = await import('@web/app/prefetch');
const { queryClient } = await import('@web/lib/query-client');

const signedIn = { data: { session: { user: { id: 'user-1' } } } };

/** A screen's data module whose prefetch is the returned mock. */
function screen() {
  const prefetch = vi.fn<Prefetch>();
  return { prefetch, load: async () => ({ default: prefetch }) };
}

beforeEach(() => {
  getSession.mockReset();
  loadEnv.mockReset().mockResolvedValue({});
});

describe('prefetchScreenData', () => {
  it("starts the screen's queries once, with the app's query client, for the stored session's user", async () => {
    getSession.mockResolvedValue(signedIn);
    const { prefetch, load } = screen();
    await prefetchScreenData(load);
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
    const [client, userId] = prefetch.mock.calls[0]!;
    // The very client the screens read from (toHaveBeenCalledWith would
    // accept any empty QueryClient: it compares by value).
    expect(client).toBe(queryClient);
    expect(userId).toBe('user-1');
  });

  it('reads the session only once the configuration is loaded', async () => {
    getSession.mockResolvedValue(signedIn);
    let configured!: (env: object) => void;
    loadEnv.mockReturnValue(new Promise((resolve) => (configured = resolve)));
    const { prefetch, load } = screen();
    const done = prefetchScreenData(load);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getSession).not.toHaveBeenCalled();
    configured({});
    await done;
    expect(prefetch).toHaveBeenCalledWith(queryClient, 'user-1');
  });

  it('does nothing signed out', async () => {
    getSession.mockResolvedValue({ data: { session: null } });
    const { prefetch, load } = screen();
    await prefetchScreenData(load);
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('leaves a failed session read to the screen (never rejects, starts nothing)', async () => {
    getSession.mockRejectedValue(new Error('offline'));
    const { prefetch, load } = screen();
    await expect(prefetchScreenData(load)).resolves.toBeUndefined();
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('leaves a failed chunk to the screen (never rejects, reads no session)', async () => {
    getSession.mockResolvedValue(signedIn);
    await expect(
      prefetchScreenData(() => Promise.reject(new Error('chunk failed'))),
    ).resolves.toBeUndefined();
    expect(getSession).not.toHaveBeenCalled();
  });
});
