import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifyDomainHandler } from '../../supabase/functions/verify-domain/handler.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { createCompany, query } from '../integration/db/support.ts';

// Red-team finding L15: verify-domain fetched the company's
// /.well-known/peega-verification.txt following any redirect, so a company
// could make the backend read loopback, the cloud metadata address or
// another site and "prove" a domain with it. Now: at most 3 redirects, only
// within the domain's site (www. and http→https), and only to public
// addresses, checked on what the name resolves to.
//
// Names are resolved by an injected resolver; the injected fetch sends
// every request to a server this test starts on 127.0.0.1 (the original
// host in `x-test-host`) and never reaches 169.254.169.254.
let t: TestBackend;
let server: Server;
let port: number;
/** Every URL the handler asked the network for. */
const asked: string[] = [];
const tokens = new Map<string, string>();

const PUBLIC = '93.184.216.34';
const NAMES: Record<string, string[]> = {
  'redirect-co.com': [PUBLIC],
  'www.redirect-co.com': [PUBLIC],
  'other-host-co.com': [PUBLIC],
  'evil.example': [PUBLIC],
  'loopback-co.com': [PUBLIC],
  'metadata-co.com': [PUBLIC],
  'private-dns-co.com': ['10.1.2.3'],
  'mapped-co.com': [PUBLIC],
  'www.mapped-co.com': [PUBLIC, '::ffff:7f00:1'],
  'loop-co.com': [PUBLIC],
  'meta-co.com': [PUBLIC],
  'body-meta-co.com': [PUBLIC],
};

/** What the sites answer: a redirect target, or null for the token file. */
function route(host: string, path: string): string | null {
  const file = '/.well-known/peega-verification.txt';
  switch (host) {
    case 'redirect-co.com':
      return `https://www.redirect-co.com${file}`;
    case 'other-host-co.com':
      return `https://evil.example/other-host-co.com.txt`;
    case 'loopback-co.com':
      return `http://127.0.0.1:${port}/loopback-co.com`;
    case 'metadata-co.com':
      return 'http://169.254.169.254/latest/meta-data/';
    case 'mapped-co.com':
      return `https://www.mapped-co.com${file}`;
    case 'loop-co.com':
      return `https://loop-co.com${path}x`;
    default:
      return null;
  }
}

function serve(req: IncomingMessage, res: ServerResponse) {
  const host = String(req.headers['x-test-host'] ?? '127.0.0.1');
  const path = req.url ?? '/';
  const to = host === '127.0.0.1' ? null : route(host, path);
  if (to) {
    res.writeHead(302, { location: to }).end();
    return;
  }
  // #35: sites that prove themselves with the home page's meta tag only.
  if (host === 'meta-co.com' || host === 'body-meta-co.com') {
    const token = tokens.get(host) ?? '';
    const tag = `<meta content='${token}' name="Peega-Verification" />`;
    if (path !== '/') res.writeHead(404).end();
    else if (host === 'meta-co.com')
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><html><head><title>Meta</title>${tag}</head><body>Hi</body></html>`,
        );
    // Someone else's tag in a comment, and the token typed into the page's
    // body (a comment box), prove nothing.
    else
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<html><head><!-- ${tag} --></head><body><p>${tag}</p></body></html>`,
        );
    return;
  }
  // Any page: the token of every company, as loopback, a metadata server
  // or an attacker's site would serve it.
  res
    .writeHead(200, { 'content-type': 'text/plain' })
    .end([...tokens.values()].join('\n'));
}

/**
 * The network as the handler sees it: every host is the test's server, the
 * metadata address a canned answer. Redirects are followed here, through
 * this same fake, when the caller asks fetch to follow them, so even an
 * unguarded handler never leaves 127.0.0.1.
 */
const fakeFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  asked.push(url.href);
  if (url.hostname === '169.254.169.254')
    return new Response([...tokens.values()].join('\n'));
  const headers = new Headers(init?.headers);
  headers.set('x-test-host', url.hostname);
  const res = await fetch(`http://127.0.0.1:${port}${url.pathname}`, {
    ...init,
    headers,
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (init?.redirect === 'manual' || !location) return res;
  return fakeFetch(new URL(location, url), init);
};

const verify = createVerifyDomainHandler({
  resolveTxt: async () => [],
  lookup: async (host) => {
    const found = NAMES[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found;
  },
  fetch: fakeFetch,
  timeoutMs: 2000,
});

beforeAll(async () => {
  server = createServer(serve);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  t = await startTestBackend();
}, 60_000);

afterAll(async () => {
  await t?.stop();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

/** Registers `domain` to a new company and asks verify-domain to check it. */
async function check(domain: string) {
  const company = await createCompany(t, { domain, verified: false });
  const { data: how, error } = await company.client.rpc(
    'request_domain_verification',
    { p_domain: domain },
  );
  expect(error).toBeNull();
  tokens.set(domain, (how as { file_content: string }[])[0]!.file_content);
  const jwt = await t.ctx.jwt.sign(
    { sub: company.id, role: 'authenticated', aud: 'authenticated' },
    600,
  );
  asked.length = 0;
  const res = await verify(
    new Request('http://x/verify-domain', {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ domain }),
    }),
    {
      SUPABASE_URL: t.url,
      SUPABASE_ANON_KEY: t.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: t.serviceRoleKey,
    },
  );
  const [row] = await query<{ verified: boolean }>(
    t,
    'select verified_at is not null as verified from public.company_domains where domain = $1',
    [domain],
  );
  return {
    body: (await res.json()) as { verified: boolean; error: string | null },
    stored: row?.verified,
    asked: [...asked],
  };
}

const refusal = (reason: string, domain: string) =>
  `We could not find your token. The site was not followed: ${reason} Publish the TXT record _peega-verification.${domain}, the file https://${domain}/.well-known/peega-verification.txt or the meta tag on https://${domain}/, then try again.`;

describe('verify-domain follows redirects only within the site and to public addresses', () => {
  it('a redirect to www. of the same domain is followed', async () => {
    const r = await check('redirect-co.com');
    expect(r.body).toEqual({ verified: true, method: 'file', error: null });
    expect(r.stored).toBe(true);
    expect(r.asked).toEqual([
      'https://redirect-co.com/.well-known/peega-verification.txt',
      'https://www.redirect-co.com/.well-known/peega-verification.txt',
    ]);
  });

  it('a redirect to another host is refused with a clear message', async () => {
    const r = await check('other-host-co.com');
    expect(r.body).toEqual({
      verified: false,
      method: null,
      error: refusal(
        'It redirects to another host (evil.example); only other-host-co.com and its www. address are followed.',
        'other-host-co.com',
      ),
    });
    expect(r.stored).toBe(false);
    // The file, then the home page for the meta tag: each refused at its
    // first redirect.
    expect(r.asked).toEqual([
      'https://other-host-co.com/.well-known/peega-verification.txt',
      'https://other-host-co.com/',
    ]);
  });

  it.each([
    ['loopback-co.com', '127.0.0.1'],
    ['metadata-co.com', '169.254.169.254'],
  ])('%s redirecting to %s is refused', async (domain, address) => {
    const r = await check(domain);
    expect(r.body.verified).toBe(false);
    // The address is another host than the domain: refused before any
    // address check, and never asked.
    expect(r.body.error).toContain(`It redirects to another host (${address})`);
    expect(r.stored).toBe(false);
    expect(r.asked.some((u) => u.includes(address))).toBe(false);
  });

  it('a public name that resolves to a private address is never fetched', async () => {
    const r = await check('private-dns-co.com');
    expect(r.body.error).toBe(
      refusal(
        'private-dns-co.com resolves to a private or local address.',
        'private-dns-co.com',
      ),
    );
    expect(r.asked).toEqual([]);
    expect(r.stored).toBe(false);
  });

  it('a same-site redirect to a name with an IPv4-mapped loopback address is refused', async () => {
    const r = await check('mapped-co.com');
    expect(r.body.error).toContain(
      'www.mapped-co.com resolves to a private or local address.',
    );
    expect(r.asked).toEqual([
      'https://mapped-co.com/.well-known/peega-verification.txt',
      'https://mapped-co.com/',
    ]);
    expect(r.stored).toBe(false);
  });

  it('more than 3 redirects are refused', async () => {
    const r = await check('loop-co.com');
    expect(r.body.error).toContain('It redirects more than 3 times.');
    // Four requests for the file, four for the home page.
    expect(r.asked).toHaveLength(8);
    expect(r.stored).toBe(false);
  });
});

describe('verify-domain reads the home page meta tag (#35)', () => {
  it('the tag in the head proves the domain, in any attribute order and case', async () => {
    const r = await check('meta-co.com');
    expect(r.body).toEqual({ verified: true, method: 'meta', error: null });
    expect(r.stored).toBe(true);
    const [row] = await query<{ verification_method: string }>(
      t,
      'select verification_method from public.company_domains where domain = $1',
      ['meta-co.com'],
    );
    expect(row?.verification_method).toBe('meta');
  });

  it('a tag in a comment or in the page body proves nothing', async () => {
    const r = await check('body-meta-co.com');
    expect(r.body.verified).toBe(false);
    expect(r.body.error).toContain(
      'or the meta tag on https://body-meta-co.com/',
    );
    expect(r.stored).toBe(false);
  });
});
