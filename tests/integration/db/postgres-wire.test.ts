import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageWriter } from '../../../supabase/local/db/postgres-wire.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';

// The pipeline's own encoding of the extended-protocol messages
// (postgres-wire.ts), byte for byte as PostgreSQL's "Message Formats" page
// gives them, and then through a real server with the values that stress it:
// multi-byte text, nulls, empty strings and values past the first buffer.

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))),
  );
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return [...b];
};

describe('extended-protocol messages', () => {
  it('encodes each message as the protocol defines it', () => {
    const w = new MessageWriter(8);
    w.parse('s1', 'select $1');
    w.bind('s1', ['é', null, '']);
    w.describePortal();
    w.execute();
    w.closeStatement('s1');
    w.sync();
    expect(w.bytes()).toEqual(
      bytes(
        // Parse: name, text, no parameter types.
        'P',
        int32(4 + 3 + 10 + 2),
        's1\0select $1\0',
        [0, 0],
        // Bind: unnamed portal, statement, all-text formats, 3 parameters.
        'B',
        int32(4 + 1 + 3 + 2 + 2 + (4 + 2) + 4 + 4 + 2),
        '\0s1\0',
        [0, 0, 0, 3],
        int32(2),
        'é',
        int32(-1),
        int32(0),
        [0, 0],
        // Describe the unnamed portal, Execute it with no row limit.
        'D',
        int32(6),
        'P\0',
        'E',
        int32(9),
        '\0',
        int32(0),
        // Close statement s1, Sync.
        'C',
        int32(8),
        'Ss1\0',
        'S',
        int32(4),
      ),
    );
  });

  it('makes room for every byte, even when a header fills the buffer exactly', () => {
    // Each message's header (type and length) is 5 bytes: a buffer of 5 holds
    // it exactly, and the bytes after it must grow the buffer, not be lost.
    const expected: Record<string, Buffer> = {
      describePortal: bytes('D', int32(6), 'P\0'),
      execute: bytes('E', int32(9), '\0', int32(0)),
      closeStatement: bytes('C', int32(8), 'Ss1\0'),
      bind: bytes('B', int32(14), '\0s1\0', [0, 0, 0, 0, 0, 0]),
    };
    for (const [message, want] of Object.entries(expected)) {
      const w = new MessageWriter(5);
      if (message === 'describePortal') w.describePortal();
      if (message === 'execute') w.execute();
      if (message === 'closeStatement') w.closeStatement('s1');
      if (message === 'bind') w.bind('s1', []);
      expect(w.bytes(), message).toEqual(want);
    }
  });

  it('grows past its first buffer without losing what came before', () => {
    const long = 'ü'.repeat(5000) + '😀'.repeat(100);
    const w = new MessageWriter(16);
    w.bind('', [long, 'x']);
    const out = w.bytes();
    expect(out.readInt32BE(1)).toBe(out.length - 1);
    const len = out.readInt32BE(1 + 4 + 2 + 4);
    expect(len).toBe(Buffer.byteLength(long));
    expect(out.subarray(15, 15 + len).toString()).toBe(long);
    expect(out.subarray(15 + len + 4, 15 + len + 5).toString()).toBe('x');
  });
});

describe(`pipelined statements on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend({
      migrationsDir: fileURLToPath(
        new URL('../../fixtures/rest', import.meta.url),
      ),
    });
  });
  afterAll(() => t?.stop());

  it('carries awkward values and settings to the server unchanged', async () => {
    const big = JSON.stringify({ note: 'ü😀'.repeat(3000) });
    const r = await t.ctx.db.statement<{
      a: string | null;
      b: string | null;
      c: string | null;
      s: string;
    }>(
      "select $1::text as a, $2::text as b, $3::text as c, current_setting('request.note') as s",
      ['naïve — 日本語 😀', null, ''],
      { settings: { 'request.note': big } },
    );
    expect(r.rows).toEqual([
      { a: 'naïve — 日本語 😀', b: null, c: '', s: big },
    ]);
  });
});
