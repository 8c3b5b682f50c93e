import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  createCompany,
  createUser,
  type TestCompany,
  type TestUser,
} from '../integration/db/support.ts';

// Red-team finding L14: a consumer's feedback text reaches a company's Slack
// through a `slack` webhook. Slack's mrkdwn reads `<!channel>`, `<@U…>` and
// `<https://…|label>` as mentions and links, so `&`, `<` and `>` must arrive
// as `&amp;`, `&lt;` and `&gt;`. A fake receiver on 127.0.0.1 plays Slack.
let t: TestBackend;
let server: Server;
let origin: string;
const received: { path: string; body: string }[] = [];
let author: TestUser;
let company: TestCompany;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '/',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestBackend({
    // The receiver is plain http on 127.0.0.1, which only demo mode allows
    // (outside it webhook URLs must be HTTPS and public): the escaping is
    // the same in both modes.
    // The AI worker too: a delivery waits for the AI step (#19 item 15).
    env: { PEEGA_WEBHOOK_WORKER: '1', PEEGA_AI_WORKER: '1', PEEGA_DEMO: '1' },
    webhooks: { backoffMs: 50, maxAttempts: 2, pollMs: 100 },
  });
  author = await createUser(t);
  company = await createCompany(t, {
    domain: 'slack-target.com',
    plan: 'advanced',
  });
}, 60_000);

afterAll(async () => {
  await t?.stop();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

async function until<T>(fn: () => T | undefined, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Slack webhooks', () => {
  it("escape &, < and > in the consumer's text", async () => {
    const hook = await company.client.rpc('create_company_webhook', {
      p_url: `${origin}/slack`,
      p_format: 'slack',
    });
    expect(hook.error).toBeNull();
    const title = '<!channel> Pay <https://evil.example/login|here> & win';
    const description = 'Ping <@U024BE7LH> and <!here>, 1 > 0 &amp; done';
    const { error } = await author.client.from('feedback').insert({
      title,
      description,
      category: 'bug',
      company_name: 'Slack Target',
      website_url: 'https://slack-target.com/pricing',
    });
    expect(error).toBeNull();
    const got = await until(() =>
      received.find((r) => r.path === '/slack' && r.body.includes('Pay')),
    );
    const { text } = JSON.parse(got.body) as { text: string };
    const [head, body] = text.split('\n');
    expect(head).toBe(
      'New bug feedback on slack-target.com: ' +
        '*&lt;!channel&gt; Pay &lt;https://evil.example/login|here&gt; &amp; win*',
    );
    // The description is the AI's clean version (#23), which may end the
    // sentence with a full stop; the escaping is what is checked here.
    expect(body).toMatch(
      /^Ping &lt;@U024BE7LH&gt; and &lt;!here&gt;, 1 &gt; 0 &amp;amp; done\.?$/,
    );
    // Nothing Slack would read as a mention or a link is left.
    expect(text).not.toMatch(/[<>]/);
  });
});
