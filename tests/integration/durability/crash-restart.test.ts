import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { kill, spawnBackend, spawnEnv } from '../../support/process.ts';

// A committed write survives SIGKILL: on PGlite in a data folder, or on the
// PostgreSQL of DATABASE_URL when it is set.
let env: Record<string, string>;
let cleanup: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ env, cleanup } = await spawnEnv('crash'));
});
afterAll(async () => {
  await cleanup?.();
});

const client = (url: string) => createTestClient(url, DEMO_ANON_KEY);

describe(`crash and restart (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps a sign-up committed right before SIGKILL', async () => {
    const first = await spawnBackend(env);
    const email = `crash-${Date.now()}@example.com`;
    const { error } = await client(first.url).auth.signUp({
      email,
      password: 'a-long-unusual-passphrase',
    });
    expect(error).toBeNull();
    await kill(first.child, 'SIGKILL');

    const second = await spawnBackend(env);
    try {
      const signIn = await client(second.url).auth.signInWithPassword({
        email,
        password: 'a-long-unusual-passphrase',
      });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user?.email).toBe(email);
    } finally {
      expect(await kill(second.child, 'SIGTERM')).toBe(0);
    }
  }, 120_000);
});
