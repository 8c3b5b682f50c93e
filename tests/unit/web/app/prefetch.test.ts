import { beforeEach, describe, expect, it, vi } from 'vitest';

const getSession = vi.fn();
vi.mock('@web/lib/supabase', () => ({
  getSupabase: () => ({ auth: { getSession } }),
}));
vi.mock('@web/lib/env', () => ({ loadEnv: vi.fn(async () => ({})) }));

const { prefetchScreenData } = await import('@web/app/prefetch');
const { queryClient } = await import('@web/lib/query-client');

beforeEach(() => getSession.mockReset());

describe('prefetchScreenData', () => {
  it("starts the screen's queries for the stored session's user", async () => {
    getSession.mockResolvedValue({
      data: { session: { user: { id: 'user-1' } } },
    });
    const prefetch = vi.fn();
    await prefetchScreenData(async () => ({ default: prefetch }));
    expect(prefetch).toHaveBeenCalledWith(queryClient, 'user-1');
  });

  it('does nothing signed out', async () => {
    getSession.mockResolvedValue({ data: { session: null } });
    const prefetch = vi.fn();
    await prefetchScreenData(async () => ({ default: prefetch }));
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('leaves a failure to the screen (never rejects)', async () => {
    getSession.mockResolvedValue({
      data: { session: { user: { id: 'user-1' } } },
    });
    const prefetch = vi.fn();
    await expect(
      prefetchScreenData(() => Promise.reject(new Error('chunk failed'))),
    ).resolves.toBeUndefined();
    expect(prefetch).not.toHaveBeenCalled();
  });
});
