// Storage on loopback through supabase-js: 1 MB uploads (each a new object,
// RLS-checked as a signed-in user) and 1 MB downloads, with the bytes in
// memory and on disk (temp file, fsync and rename per upload).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import WebSocket from 'ws';
import { startTestBackend } from '../support/backend.ts';
import { measure } from './measure.ts';
import type { BenchResult } from './types.ts';

// createClient builds a realtime client, which on Node 20 needs `ws`.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

const SIZE = 1024 * 1024;
const ROUNDS = { warmup: 5, iterations: 50 };

async function run(store: 'memory' | 'disk'): Promise<BenchResult[]> {
  const dir =
    store === 'disk'
      ? mkdtempSync(path.join(tmpdir(), 'peega-bench-'))
      : undefined;
  const t = await startTestBackend({
    migrationsDir: 'tests/fixtures/storage',
    env: dir ? { PEEGA_DATA_DIR: dir } : {},
  });
  try {
    const user = randomUUID();
    const jwt = await t.ctx.jwt.sign(
      { sub: user, role: 'authenticated' },
      3600,
    );
    const bucket = t
      .client(t.anonKey, { Authorization: `Bearer ${jwt}` })
      .storage.from('audio');
    // WebM magic bytes, so the content check passes as for a real recording.
    const body = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      randomBytes(SIZE - 4),
    ]);
    let n = 0;
    const upload = await measure(
      `storage: 1 MB upload (${store})`,
      async () => {
        const { error } = await bucket.upload(
          `${user}/clip-${n++}.webm`,
          body,
          {
            contentType: 'audio/webm',
          },
        );
        if (error) throw error;
      },
      ROUNDS,
    );
    const download = await measure(
      `storage: 1 MB download (${store})`,
      async () => {
        const { data, error } = await bucket.download(`${user}/clip-0.webm`);
        if (error || data.size !== SIZE) throw error ?? new Error('short read');
      },
      ROUNDS,
    );
    const notes = `${ROUNDS.iterations} sequential, ${t.ctx.db.kind}, bytes ${
      store === 'disk' ? 'on disk' : 'in memory'
    }`;
    const results: BenchResult[] = [upload, download].map((r) => ({
      ...r,
      notes,
    }));
    if (store === 'memory') results.push(await thumbnail(t, jwt, user));
    return results;
  } finally {
    await t.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Image transformation: a 1920×1080 PNG screenshot (with noise, so it is not
 * trivially compressible) to a 400 px WebP thumbnail, as a browser asks.
 */
async function thumbnail(
  t: Awaited<ReturnType<typeof startTestBackend>>,
  jwt: string,
  user: string,
): Promise<BenchResult> {
  const shot = await sharp({
    create: {
      width: 1920,
      height: 1080,
      channels: 3,
      background: '#e8eef8',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .png()
    .toBuffer();
  const client = t.client(t.anonKey, { Authorization: `Bearer ${jwt}` });
  const path = `${user}/shot.png`;
  const { error } = await client.storage
    .from('screenshots')
    .upload(path, shot, { contentType: 'image/png' });
  if (error) throw error;
  const url = `${t.url}/storage/v1/render/image/authenticated/screenshots/${path}?width=400`;
  const headers = {
    apikey: t.anonKey,
    authorization: `Bearer ${jwt}`,
    accept: 'image/avif,image/webp,*/*',
  };
  const rounds = { warmup: 3, iterations: 30 };
  const r = await measure(
    'storage: 1920×1080 PNG → 400 px WebP thumbnail',
    async () => {
      const res = await fetch(url, { headers });
      if (res.headers.get('content-type') !== 'image/webp') {
        throw new Error(`render failed: ${res.status}`);
      }
      await res.arrayBuffer();
    },
    rounds,
  );
  return {
    ...r,
    notes: `${rounds.iterations} sequential, sharp, ${(shot.length / 1024).toFixed(0)} KB source`,
  };
}

export async function benchStorage(): Promise<BenchResult[]> {
  return [...(await run('memory')), ...(await run('disk'))];
}
