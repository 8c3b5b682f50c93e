// verify-domain (issue #8, DECISIONS.md "Domain ownership"): proves that the
// signed-in company owns one of its domains. The token comes from the
// database through the caller's own JWT (so only its own domains can be
// checked); the check looks for the TXT record
// `_peega-verification.<domain>` = `peega-verification=<token>`, then for the
// token in `https://<domain>/.well-known/peega-verification.txt`; on success
// the service role records it with confirm_domain_verification.
//
// The resolver and the fetch are injected (createVerifyDomainHandler) so
// tests use local servers; the DOMAIN_VERIFICATION_FILE_URL secret may
// replace the file address with a template containing {domain}.
import { resolveTxt as nodeResolveTxt } from 'node:dns/promises';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

/** Body of every answer. */
export interface VerifyDomainResponse {
  verified: boolean;
  method: 'dns' | 'file' | null;
  error: string | null;
}

export interface VerifyDomainDeps {
  resolveTxt(name: string): Promise<string[][]>;
  fetch: typeof fetch;
  /** Milliseconds the file check may take. */
  timeoutMs?: number;
}

const answer = (status: number, body: VerifyDomainResponse) =>
  Response.json(body, { status, headers: CORS });

const fail = (status: number, error: string) =>
  answer(status, { verified: false, method: null, error });

interface Target {
  company_id: string;
  domain: string;
  token: string;
  verified: boolean;
  taken: boolean;
}

async function rpc(
  env: Record<string, string>,
  name: string,
  args: unknown,
  bearer: string,
): Promise<{ ok: boolean; status: number; body: unknown }> {
  const res = await fetch(`${env.SUPABASE_URL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: env.SUPABASE_ANON_KEY ?? '',
      authorization: bearer,
    },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { ok: res.ok, status: res.status, body };
}

const messageOf = (body: unknown, fallback: string) =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { message?: unknown }).message === 'string'
    ? (body as { message: string }).message
    : fallback;

async function checkDns(
  deps: VerifyDomainDeps,
  target: Target,
): Promise<boolean> {
  try {
    const records = await deps.resolveTxt(
      `_peega-verification.${target.domain}`,
    );
    return records.some(
      (chunks) =>
        chunks.join('').trim() === `peega-verification=${target.token}`,
    );
  } catch {
    return false;
  }
}

async function checkFile(
  deps: VerifyDomainDeps,
  env: Record<string, string>,
  target: Target,
): Promise<boolean> {
  const template =
    env.DOMAIN_VERIFICATION_FILE_URL ||
    'https://{domain}/.well-known/peega-verification.txt';
  const url = template.replaceAll('{domain}', target.domain);
  try {
    const res = await deps.fetch(url, {
      redirect: 'follow',
      signal: AbortSignal.timeout(deps.timeoutMs ?? 5000),
      headers: { accept: 'text/plain' },
    });
    if (!res.ok) return false;
    const text = (await res.text()).slice(0, 4096);
    return text.split(/\r?\n/).some((line) => line.trim() === target.token);
  } catch {
    return false;
  }
}

/** A Request → Response handler with its resolver and fetch injected. */
export function createVerifyDomainHandler(deps: VerifyDomainDeps) {
  return async function verifyDomain(
    req: Request,
    env: Record<string, string>,
  ): Promise<Response> {
    if (req.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: CORS });
    if (req.method !== 'POST') return fail(405, 'Use POST.');
    const bearer = req.headers.get('authorization') ?? '';
    if (!bearer.startsWith('Bearer '))
      return fail(401, 'You need to be signed in.');
    let domain: unknown;
    try {
      domain = ((await req.json()) as { domain?: unknown }).domain;
    } catch {
      return fail(400, 'Send {"domain": "example.com"}.');
    }
    if (typeof domain !== 'string' || domain.trim() === '')
      return fail(400, 'Send {"domain": "example.com"}.');

    const lookup = await rpc(
      env,
      'get_domain_verification_target',
      { p_domain: domain },
      bearer,
    );
    if (!lookup.ok)
      return fail(
        lookup.status === 401 ? 401 : 400,
        messageOf(lookup.body, 'This domain cannot be verified.'),
      );
    const target = (lookup.body as Target[])[0];
    if (!target) return fail(400, 'This domain cannot be verified.');
    if (target.verified)
      return answer(200, { verified: true, method: null, error: null });
    if (target.taken)
      return fail(409, 'This domain is already verified by another company.');

    const method = (await checkDns(deps, target))
      ? 'dns'
      : (await checkFile(deps, env, target))
        ? 'file'
        : null;
    if (method === null)
      return answer(200, {
        verified: false,
        method: null,
        error: `We could not find your token. Publish the TXT record _peega-verification.${target.domain} or the file https://${target.domain}/.well-known/peega-verification.txt, then try again.`,
      });
    const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY ?? '';
    const confirm = await rpc(
      { ...env, SUPABASE_ANON_KEY: serviceKey },
      'confirm_domain_verification',
      {
        p_company_id: target.company_id,
        p_domain: target.domain,
        p_method: method,
      },
      `Bearer ${serviceKey}`,
    );
    if (!confirm.ok)
      return fail(
        confirm.status === 409 ? 409 : 500,
        messageOf(confirm.body, 'The verification could not be saved.'),
      );
    return answer(200, { verified: true, method, error: null });
  };
}

/** The handler with the system resolver and fetch; index.ts serves it on Deno. */
export const handler = createVerifyDomainHandler({
  resolveTxt: (name) => nodeResolveTxt(name),
  fetch: (input, init) => fetch(input, init),
});
