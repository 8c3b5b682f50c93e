import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers to the next chat completion. */
export type FakeOpenAiMode =
  | { kind: 'json'; content: unknown }
  | { kind: 'text'; content: string }
  | { kind: 'status'; status: number }
  | { kind: 'hang' };

export interface FakeOpenAi {
  /** Base URL to use as AI_BASE_URL (…/v1). */
  baseUrl: string;
  /** Bodies of the chat-completion requests received, oldest first. */
  requests: {
    authorization: string | undefined;
    body: Record<string, unknown>;
  }[];
  mode: FakeOpenAiMode;
  stop(): Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A local OpenAI-compatible server (POST /v1/chat/completions) on 127.0.0.1
 * and a free port, answering as `mode` says. A hanging request is released
 * on stop, so the server always closes.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const hanging = new Set<() => void>();
  const fake: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    mode: { kind: 'status', status: 500 },
    stop: async () => undefined,
  };
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    fake.requests.push({
      authorization: req.headers.authorization,
      body: JSON.parse(text) as Record<string, unknown>,
    });
    const mode = fake.mode;
    if (mode.kind === 'hang') {
      hanging.add(() => res.destroy());
      return;
    }
    if (mode.kind === 'status') {
      res.writeHead(mode.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake failure' } }));
      return;
    }
    const content =
      mode.kind === 'json' ? JSON.stringify(mode.content) : mode.content;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content },
            finish_reason: 'stop',
          },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.stop = async () => {
    for (const release of hanging) release();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
