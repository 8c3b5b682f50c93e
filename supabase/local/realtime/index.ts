// Supabase Realtime at `/realtime/v1/websocket`: Phoenix channels over
// WebSocket with postgres_changes (RLS-checked per subscriber), plus
// in-memory Broadcast and Presence for public channels.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { invalidKey, roleOfKey } from '../api-keys.ts';
import type { BackendContext } from '../context.ts';
import { checkToken, connectError } from './auth.ts';
import { installCapture } from './capture.ts';
import type { Channel } from './channel.ts';
import { Connection } from './connection.ts';
import { deliverChanges } from './delivery.ts';
import { ChangeFeed } from './feed.ts';
import { Hub } from './hub.ts';
import type { Vsn } from './protocol.ts';

export interface RealtimeService {
  /** (Re)installs change capture for the tables of `supabase_realtime`; run after migrations. */
  refresh(): Promise<void>;
  /** Answers the server's WebSocket upgrades for `/realtime/v1/websocket`. */
  attach(server: http.Server): void;
  close(): Promise<void>;
}

const PATH = '/realtime/v1/websocket';
const PING_MS = 30_000;

function refuse(socket: Duplex, status: number, body: string) {
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

function vsnOf(param: string | null): Vsn | undefined {
  if (param === null || param.startsWith('1.')) return '1.0.0';
  return param.startsWith('2.') ? '2.0.0' : undefined;
}

export function createRealtimeService(ctx: BackendContext): RealtimeService {
  const hub = new Hub<Channel>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 8 * 1024 * 1024,
  });
  const feed = new ChangeFeed(ctx.db, (changes) =>
    deliverChanges(ctx.db, hub, changes),
  );
  const alive = new Map<WebSocket, boolean>();
  let started = false;

  // Half-open sockets (a vanished client) are found by unanswered pings.
  const pinger = setInterval(() => {
    for (const [ws, answered] of alive) {
      if (!answered) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      if (ws.readyState === ws.OPEN) ws.ping();
    }
  }, PING_MS);
  pinger.unref();

  async function upgrade(
    req: http.IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/$/, '') !== PATH) {
      return refuse(socket, 404, JSON.stringify({ message: 'Not found' }));
    }
    const vsn = vsnOf(url.searchParams.get('vsn'));
    if (!vsn) return refuse(socket, 403, '');
    const header = req.headers['x-api-key'] ?? req.headers.apikey;
    const token =
      (Array.isArray(header) ? header[0] : header) ??
      url.searchParams.get('apikey');
    if (!token)
      return refuse(
        socket,
        401,
        JSON.stringify({ error: 'API key is missing' }),
      );
    // The gateway's key check: the socket's apikey must be a project key
    // (without enforcement, the CLI gateway's way, any valid token will do).
    if (ctx.config.requireApiKey && !roleOfKey(ctx.config, token)) {
      const r = invalidKey();
      return refuse(socket, r.status, String(r.body));
    }
    const check = await checkToken(ctx, token);
    if (!check.ok)
      return refuse(
        socket,
        401,
        JSON.stringify({ error: connectError(check.problem) }),
      );
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new Connection(ctx, hub, ws, vsn, { token });
      alive.set(ws, true);
      ws.on('pong', () => alive.set(ws, true));
      ws.on('message', (data, isBinary) => conn.receive(data, isBinary));
      ws.on('error', () => ws.terminate());
      ws.on('close', () => {
        alive.delete(ws);
        conn.dispose();
      });
    });
  }

  return {
    async refresh() {
      await installCapture(ctx.db, !started);
      if (!started) await feed.start();
      started = true;
    },
    attach(server) {
      server.on(
        'upgrade',
        (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
          socket.on('error', () => socket.destroy());
          upgrade(req, socket, head).catch((e: unknown) => {
            console.error('[peega] realtime upgrade failed:', e);
            refuse(
              socket,
              500,
              JSON.stringify({ error: 'Error connecting to Realtime' }),
            );
          });
        },
      );
    },
    async close() {
      clearInterval(pinger);
      for (const ws of alive.keys()) ws.terminate();
      wss.close();
      await feed.stop();
    },
  };
}
