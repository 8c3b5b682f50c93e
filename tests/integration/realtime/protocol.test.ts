import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { migrationsDir, until } from './support.ts';

// Wire-level checks with a bare socket, framed as realtime-js 2.119 frames.
let t: TestBackend;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  t = await startTestBackend({ migrationsDir });
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await t?.stop();
});

// Frames are untyped JSON read by position and key; `any` keeps that terse.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wire = any;

interface Raw {
  ws: WebSocket;
  frames: Wire[];
  send(frame: unknown): void;
  next(match: (f: Wire) => boolean): Promise<Wire>;
}

async function connect(vsn = '2.0.0'): Promise<Raw> {
  const ws = new WebSocket(
    `${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${t.anonKey}&vsn=${vsn}`,
  );
  sockets.push(ws);
  const frames: Wire[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await new Promise((resolve, reject) =>
    ws.once('open', resolve).once('error', reject),
  );
  return {
    ws,
    frames,
    send: (frame) =>
      ws.send(
        typeof frame === 'string' || Buffer.isBuffer(frame)
          ? frame
          : JSON.stringify(frame),
      ),
    async next(match) {
      await until(() => frames.some(match), 'a frame');
      return frames.find(match);
    },
  };
}

const joinPayload = (postgres_changes: unknown[], broadcast = {}) => ({
  config: {
    broadcast: { ack: false, self: false, ...broadcast },
    presence: { key: '', enabled: false },
    postgres_changes,
    private: false,
  },
  access_token: t.anonKey,
  version: 'realtime-js/2.119.1',
});

describe('Phoenix framing', () => {
  it('answers heartbeats on the phoenix topic', async () => {
    const s = await connect();
    s.send([null, '7', 'phoenix', 'heartbeat', {}]);
    expect(await s.next((f) => f[1] === '7')).toEqual([
      null,
      '7',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
  });

  it('echoes postgres_changes with ids, confirms, and pushes typed changes', async () => {
    const s = await connect();
    const wanted = [
      {
        event: 'INSERT',
        schema: 'public',
        table: 'events',
        filter: 'kind=eq.raw',
      },
      { event: '*', schema: 'public', table: 'notes' },
    ];
    s.send(['1', '1', 'realtime:raw', 'phx_join', joinPayload(wanted)]);
    const [, , , , { status, response }] = await s.next(
      (f) => f[3] === 'phx_reply',
    );
    expect(status).toBe('ok');
    expect(response.postgres_changes).toEqual(
      wanted.map((w) => ({ ...w, id: expect.any(Number) })),
    );
    const ids = response.postgres_changes.map((p: { id: number }) => p.id);
    expect(await s.next((f) => f[3] === 'system')).toEqual([
      '1',
      null,
      'realtime:raw',
      'system',
      {
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: 'raw',
      },
    ]);

    await t.ctx.db.query(
      `insert into events (kind, score, tags) values ('raw', 3, '{x}')`,
    );
    const [joinRef, ref, topic, event, { ids: got, data }] = await s.next(
      (f) => f[3] === 'postgres_changes',
    );
    expect([joinRef, ref, topic, event, got]).toEqual([
      null,
      null,
      'realtime:raw',
      'postgres_changes',
      [ids[0]],
    ]);
    expect(data).toEqual({
      schema: 'public',
      table: 'events',
      commit_timestamp: expect.stringMatching(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
      ),
      type: 'INSERT',
      columns: [
        { name: 'id', type: 'int8' },
        { name: 'kind', type: 'text' },
        { name: 'score', type: 'int4' },
        { name: 'tags', type: '_text' },
        { name: 'payload', type: 'jsonb' },
        { name: 'done', type: 'bool' },
      ],
      record: {
        id: expect.any(Number),
        kind: 'raw',
        score: 3,
        tags: ['x'],
        payload: null,
        done: false,
      },
      errors: null,
    });
  });

  it('gives equal entries equal ids on every socket', async () => {
    const entry = { event: '*', schema: 'public', table: 'events' };
    const [a, b] = await Promise.all([connect(), connect()]);
    a.send(['1', '1', 'realtime:one', 'phx_join', joinPayload([entry])]);
    b.send(['5', '5', 'realtime:two', 'phx_join', joinPayload([entry])]);
    const id = async (s: Raw) =>
      (await s.next((f) => f[3] === 'phx_reply'))[4].response
        .postgres_changes[0].id;
    expect(await id(a)).toBe(await id(b));
  });

  it('speaks vsn 1.0.0 objects when asked', async () => {
    const s = await connect('1.0.0');
    s.send({
      topic: 'phoenix',
      event: 'heartbeat',
      payload: {},
      ref: '3',
      join_ref: null,
    });
    expect(await s.next((f) => f.ref === '3')).toMatchObject({
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    });
    s.send({
      topic: 'realtime:v1',
      event: 'phx_join',
      payload: joinPayload([]),
      ref: '4',
      join_ref: '4',
    });
    expect(await s.next((f) => f.ref === '4')).toMatchObject({
      payload: { status: 'ok', response: { postgres_changes: [] } },
    });
  });

  it('reports replication ready when asked', async () => {
    const s = await connect();
    s.send([
      '4',
      '4',
      'realtime:ready',
      'phx_join',
      joinPayload([], { replication_ready: true }),
    ]);
    expect(await s.next((f) => f[3] === 'system')).toEqual([
      '4',
      null,
      'realtime:ready',
      'system',
      {
        extension: 'system',
        status: 'ok',
        message: 'Replication connection established',
        channel: 'ready',
      },
    ]);
  });

  it('replies to leave, then closes the channel', async () => {
    const s = await connect();
    s.send(['2', '2', 'realtime:bye', 'phx_join', joinPayload([])]);
    await s.next((f) => f[1] === '2');
    s.send(['2', '3', 'realtime:bye', 'phx_leave', {}]);
    expect(await s.next((f) => f[3] === 'phx_close')).toEqual([
      '2',
      '2',
      'realtime:bye',
      'phx_close',
      {},
    ]);
    expect(s.frames).toContainEqual([
      '2',
      '3',
      'realtime:bye',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
  });

  it('refuses unknown topics and pushes to channels not joined', async () => {
    const s = await connect();
    s.send(['1', '1', 'elsewhere', 'phx_join', {}]);
    s.send(['1', '2', 'realtime:', 'phx_join', joinPayload([])]);
    s.send([
      null,
      '3',
      'realtime:never',
      'broadcast',
      { type: 'broadcast', event: 'x', payload: {} },
    ]);
    const byRef = async (ref: string) => (await s.next((f) => f[1] === ref))[4];
    expect(await byRef('1')).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
    expect(await byRef('2')).toEqual({
      status: 'error',
      response: { reason: 'TopicNameRequired: You must provide a topic name' },
    });
    expect(await byRef('3')).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' },
    });
  });

  it('survives malformed frames', async () => {
    const s = await connect();
    for (const junk of [
      'not json',
      '[1, 2]',
      '{}',
      '[null, "1", 5, "phx_join", {}]',
      '[null, "1", "realtime:x", "phx_join", {"config": {"postgres_changes": [1, null, "x", {"table": 5}]}}]',
      Buffer.from([3, 200, 200, 200, 200, 200, 1]),
      Buffer.from([9, 1, 2, 3]),
    ]) {
      s.send(junk);
    }
    s.send([null, '99', 'phoenix', 'heartbeat', {}]);
    expect((await s.next((f) => f[1] === '99'))[4]).toEqual({
      status: 'ok',
      response: {},
    });
    const other = await connect();
    other.send([null, '1', 'phoenix', 'heartbeat', {}]);
    await other.next((f) => f[1] === '1');
  });
});
