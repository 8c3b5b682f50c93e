// Fake issue trackers on 127.0.0.1 (#22): each records the request it got
// and answers the way the real API documents, or as a test tells it to.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestBackend } from '../../../support/backend.ts';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body: unknown;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

export interface FakeTracker {
  url: string;
  seen: SeenRequest[];
  /** The next answers, in order; the default answer after them. */
  replies: FakeReply[];
  stop(): Promise<void>;
}

export async function startFakeTracker(
  answer: (req: SeenRequest) => FakeReply,
): Promise<FakeTracker> {
  const seen: SeenRequest[] = [];
  const replies: FakeReply[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text
      }
      const r: SeenRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
      };
      seen.push(r);
      const reply = replies.shift() ?? answer(r);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    replies,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A signed-in user's bearer token for calling functions. */
export async function bearerFor(
  t: TestBackend,
  id: string,
  email: string,
): Promise<string> {
  return `Bearer ${await t.ctx.jwt.sign(
    { sub: id, role: 'authenticated', aud: 'authenticated', email },
    3600,
  )}`;
}

/** POST to an edge function of the test backend; status and JSON body. */
export async function callFunction(
  t: TestBackend,
  name: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${t.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: t.anonKey,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

export const hmacHex = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** A tracker's "issue closed" delivery, signed as that tracker signs it. */
export function closedEvent(
  provider: 'github' | 'gitlab' | 'linear' | 'jira',
  secret: string,
  externalId: string,
  now = Date.now(),
): { body: string; headers: Record<string, string> } {
  switch (provider) {
    case 'github': {
      const body = JSON.stringify({
        action: 'closed',
        issue: { number: Number(externalId), state: 'closed' },
        repository: { full_name: 'acme/website' },
      });
      return {
        body,
        headers: {
          'x-github-event': 'issues',
          'x-hub-signature-256': `sha256=${hmacHex(secret, body)}`,
        },
      };
    }
    case 'gitlab': {
      const body = JSON.stringify({
        object_kind: 'issue',
        object_attributes: {
          iid: Number(externalId),
          action: 'close',
          state: 'closed',
        },
      });
      return {
        body,
        headers: { 'x-gitlab-event': 'Issue Hook', 'x-gitlab-token': secret },
      };
    }
    case 'linear': {
      const body = JSON.stringify({
        action: 'update',
        type: 'Issue',
        data: {
          id: externalId,
          identifier: 'ENG-7',
          state: { type: 'completed', name: 'Done' },
        },
        webhookTimestamp: now,
      });
      return { body, headers: { 'linear-signature': hmacHex(secret, body) } };
    }
    case 'jira': {
      const body = JSON.stringify({
        webhookEvent: 'jira:issue_updated',
        issue: {
          id: externalId,
          key: 'WEB-3',
          fields: { status: { name: 'Done', statusCategory: { key: 'done' } } },
        },
      });
      return {
        body,
        headers: { 'x-hub-signature': `sha256=${hmacHex(secret, body)}` },
      };
    }
  }
}
