import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
  vi.unstubAllGlobals();
});

describe('getSupabase', () => {
  it('refuses to create a client before /config.json has loaded', async () => {
    const { getSupabase } = await import('@web/lib/supabase');

    expect(() => getSupabase()).toThrow(
      '/config.json has not been loaded yet.',
    );
  });

  it('creates one client from the loaded configuration', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          supabaseUrl: 'http://127.0.0.1:3000',
          supabaseAnonKey: 'anon-key',
          demoMode: true,
          extensionUrl: 'http://127.0.0.1:3000/extension',
          linkedinEnabled: false,
        }),
      ),
    );
    const { loadEnv } = await import('@web/lib/env');
    const { getSupabase } = await import('@web/lib/supabase');

    await loadEnv();
    const client = getSupabase();

    expect(getSupabase()).toBe(client);
  });
});
