import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  startTestBackend,
  type TestBackend,
  type TestBackendOptions,
} from '../../support/backend.ts';

// createClient builds a realtime client even for storage-only use, and that
// needs a WebSocket implementation (native only from Node 22).
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

/** A backend with the storage fixture (buckets and app-like policies). */
export interface StorageBackend {
  t: TestBackend;
  userA: string;
  userB: string;
  a: SupabaseClient;
  b: SupabaseClient;
  anon: SupabaseClient;
  service: SupabaseClient;
  /** A client for a fresh signed-in user (no auth service needed). */
  asUser(sub: string): Promise<SupabaseClient>;
}

export async function startStorageBackend(
  options: TestBackendOptions = {},
): Promise<StorageBackend> {
  const t = await startTestBackend({
    migrationsDir: 'tests/fixtures/storage',
    ...options,
  });
  const asUser = async (sub: string) => {
    const jwt = await t.ctx.jwt.sign(
      {
        sub,
        role: 'authenticated',
        aud: 'authenticated',
        email: `${sub}@example.com`,
      },
      3600,
    );
    return t.client(t.anonKey, { Authorization: `Bearer ${jwt}` });
  };
  const userA = randomUUID();
  const userB = randomUUID();
  return {
    t,
    userA,
    userB,
    a: await asUser(userA),
    b: await asUser(userB),
    anon: t.client(),
    service: t.client(t.serviceRoleKey),
    asUser,
  };
}

/** The smallest valid PNG (1×1, transparent). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The start of a WebM (EBML) file, as MediaRecorder writes it. */
export const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  Buffer.alloc(60, 1),
]);

export const HTML = Buffer.from(
  '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>',
);

export const bytesOf = async (blob: Blob | null) =>
  Buffer.from(await (blob as Blob).arrayBuffer());
