import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ANON_KEY } from '../../../supabase/local/config.ts';
import { createTestClient } from '../../support/backend.ts';
import { freshDatabase, kill, spawnBackend } from '../../support/process.ts';

// A committed write survives SIGKILL: on PGlite in a data folder, or on the
// PostgreSQL of DATABASE_URL when it is set.
let dataDir: string;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;
const port = 20_000 + Math.floor(Math.random() * 20_000);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'peega-crash-'));
  env = {
    PORT: String(port),
    PEEGA_PUBLIC_URL: `http://127.0.0.1:${port}`,
    PEEGA_DATA_DIR: dataDir,
    PEEGA_SEED: 'none',
    DATABASE_URL: '',
  };
  const base = process.env.DATABASE_URL;
  if (base) {
    const db = await freshDatabase(base, 'peega_crash');
    env.DATABASE_URL = db.url;
    dropDatabase = db.drop;
  }
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase?.();
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
