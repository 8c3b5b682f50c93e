import http from 'node:http';
import { randomBytes } from 'node:crypto';

/** What the next /authorize request does. */
export type FakeOidcMode = 'approve' | 'cancel';

interface Grant {
  nonce: string;
  clientId: string;
  redirectUri: string;
  sub: string;
  used: boolean;
}

export interface FakeOidcProvider {
  readonly url: string;
  /** Behaviour of the next authorizations. */
  mode: FakeOidcMode;
  /** LinkedIn member id the next approvals are for. */
  sub: string;
  /** The last callback address the provider redirected to. */
  lastRedirect: string | null;
  stop(): Promise<void>;
}

const b64 = (value: unknown) =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A minimal OpenID Connect provider on 127.0.0.1 standing in for LinkedIn:
 * /authorize redirects back with a code (or the cancel error), /token
 * exchanges a code once for the client's secret, /userinfo answers the
 * member. Codes are single use, as at LinkedIn.
 */
export async function startFakeOidcProvider(options: {
  /** 0 for any free port. */
  port: number;
  clientId: string;
  clientSecret: string;
}): Promise<FakeOidcProvider> {
  let url = `http://127.0.0.1:${options.port}`;
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, string>();
  const provider: FakeOidcProvider = {
    get url() {
      return url;
    },
    mode: 'approve',
    sub: 'member-1',
    lastRedirect: null,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', url);
    if (u.pathname === '/authorize') {
      const p = u.searchParams;
      const redirect = new URL(p.get('redirect_uri') ?? '');
      redirect.searchParams.set('state', p.get('state') ?? '');
      if (provider.mode === 'cancel') {
        redirect.searchParams.set('error', 'user_cancelled_authorize');
        redirect.searchParams.set(
          'error_description',
          'The user cancelled the authorization',
        );
      } else {
        const code = randomBytes(12).toString('hex');
        grants.set(code, {
          nonce: p.get('nonce') ?? '',
          clientId: p.get('client_id') ?? '',
          redirectUri: p.get('redirect_uri') ?? '',
          sub: provider.sub,
          used: false,
        });
        redirect.searchParams.set('code', code);
      }
      provider.lastRedirect = redirect.toString();
      res.writeHead(302, { location: provider.lastRedirect });
      res.end();
      return;
    }
    if (u.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const f = new URLSearchParams(body);
        if (
          f.get('client_id') !== options.clientId ||
          f.get('client_secret') !== options.clientSecret
        )
          return json(res, 401, { error: 'invalid_client' });
        const grant = grants.get(f.get('code') ?? '');
        if (!grant || grant.used || grant.redirectUri !== f.get('redirect_uri'))
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'The authorization code is invalid or used.',
          });
        grant.used = true;
        const access = randomBytes(16).toString('hex');
        tokens.set(access, grant.sub);
        const now = Math.floor(Date.now() / 1000);
        json(res, 200, {
          access_token: access,
          token_type: 'Bearer',
          expires_in: 3600,
          id_token: `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({
            iss: url,
            aud: grant.clientId,
            sub: grant.sub,
            nonce: grant.nonce,
            iat: now,
            exp: now + 3600,
          })}.fake-signature`,
        });
      });
      return;
    }
    if (u.pathname === '/userinfo') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const sub = tokens.get(token);
      if (!sub) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, {
        sub,
        name: 'Test Member',
        email: `${sub}@linkedin.test`,
        email_verified: true,
      });
    }
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  // Port 0 picks a free port.
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return provider;
}
