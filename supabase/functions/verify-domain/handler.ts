// verify-domain (issue #8, DECISIONS.md "Domain ownership"): proves that the
// signed-in company owns one of its domains. The token comes from the
// database through the caller's own JWT (so only its own domains can be
// checked); the check looks for the TXT record
// `_peega-verification.<domain>` = `peega-verification=<token>`, then for the
// token in `https://<domain>/.well-known/peega-verification.txt`, then for
// `<meta name="peega-verification" content="<token>">` on the home page
// (#35; DOMAIN_VERIFICATION_HOME_URL may replace its address); on success
// the service role records it with confirm_domain_verification.
//
// The resolver and the fetch are injected (createVerifyDomainHandler) so
// tests use local servers; the DOMAIN_VERIFICATION_FILE_URL secret may
// replace the file address with a template containing {domain}.
//
// The file check follows at most 3 redirects, only within the domain's own
// site (www. and http→https), and only to public addresses, checked on the
// resolved addresses before every request (red-team finding L15).
import {
  lookup as nodeLookup,
  resolveTxt as nodeResolveTxt,
} from 'node:dns/promises';
import { hasVerificationMeta } from '../../../shared/domain/verification-meta.ts';
import {
  fetchSameSite,
  RefusedFetch,
  type Lookup,
} from '../_shared/public-fetch.ts';
import { asCaller, asService, CORS } from '../_shared/caller.ts';

/** Body of every answer. */
export interface VerifyDomainResponse {
  verified: boolean;
  method: 'dns' | 'file' | 'meta' | null;
  error: string | null;
}

export interface VerifyDomainDeps {
  resolveTxt(name: string): Promise<string[][]>;
  fetch: typeof fetch;
  /** All addresses of a host (A and AAAA), to refuse private ones. */
  lookup: Lookup;
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

/** The file check's outcome: found, or not with the reason when refused. */
type FileCheck = { found: boolean; refused?: string };

/** Reads at most `max` bytes of a body as text. */
async function readLimited(res: Response, max: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < max) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return new TextDecoder().decode(all.subarray(0, max));
}

/**
 * Fetches one page of the domain's site (at most `max` bytes): the address
 * comes from the template in the `secret` if the operator set one, else
 * from `fallback`; null when it is missing, with the reason when refused.
 */
async function readSitePage(
  deps: VerifyDomainDeps,
  env: Record<string, string>,
  target: Target,
  page: { secret: string; fallback: string; accept: string; max: number },
): Promise<{ text: string | null; refused?: string }> {
  const configured = env[page.secret];
  const template = configured || page.fallback;
  const url = template.replaceAll('{domain}', target.domain);
  // A host the operator wrote into the secret (tests, staging) is theirs;
  // a host made from the company's domain is checked.
  let trustedHosts: string[] = [];
  try {
    const host = new URL(configured ?? '').hostname;
    if (host && !host.includes('{domain}') && !host.includes('%7Bdomain%7D'))
      trustedHosts = [host.replace(/^\[|\]$/g, '')];
  } catch {
    // No secret, or one that is not a URL: nothing is trusted.
  }
  try {
    const res = await fetchSameSite(url, {
      fetch: deps.fetch,
      lookup: deps.lookup,
      trustedHosts,
      init: {
        signal: AbortSignal.timeout(deps.timeoutMs ?? 5000),
        headers: { accept: page.accept },
      },
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return { text: null };
    }
    return { text: await readLimited(res, page.max) };
  } catch (e) {
    return e instanceof RefusedFetch
      ? { text: null, refused: e.message }
      : { text: null };
  }
}

async function checkFile(
  deps: VerifyDomainDeps,
  env: Record<string, string>,
  target: Target,
): Promise<FileCheck> {
  const page = await readSitePage(deps, env, target, {
    secret: 'DOMAIN_VERIFICATION_FILE_URL',
    fallback: 'https://{domain}/.well-known/peega-verification.txt',
    accept: 'text/plain',
    max: 4096,
  });
  return {
    found:
      page.text !== null &&
      page.text.split(/\r?\n/).some((line) => line.trim() === target.token),
    ...(page.refused ? { refused: page.refused } : {}),
  };
}

/** The home page's `<meta name="peega-verification">` tag (the head is early). */
async function checkMeta(
  deps: VerifyDomainDeps,
  env: Record<string, string>,
  target: Target,
): Promise<FileCheck> {
  const page = await readSitePage(deps, env, target, {
    secret: 'DOMAIN_VERIFICATION_HOME_URL',
    fallback: 'https://{domain}/',
    accept: 'text/html',
    max: 256 * 1024,
  });
  return {
    found: page.text !== null && hasVerificationMeta(page.text, target.token),
    ...(page.refused ? { refused: page.refused } : {}),
  };
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

    const lookup = await asCaller(env, req, 'get_domain_verification_target', {
      p_domain: domain,
    });
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

    let method: VerifyDomainResponse['method'] = null;
    let refused: string | undefined;
    if (await checkDns(deps, target)) method = 'dns';
    else {
      const file = await checkFile(deps, env, target);
      if (file.found) method = 'file';
      else {
        const meta = await checkMeta(deps, env, target);
        if (meta.found) method = 'meta';
        refused = file.refused ?? meta.refused;
      }
    }
    if (method === null)
      return answer(200, {
        verified: false,
        method: null,
        error: `We could not find your token.${refused ? ` The site was not followed: ${refused}` : ''} Publish the TXT record _peega-verification.${target.domain}, the file https://${target.domain}/.well-known/peega-verification.txt or the meta tag on https://${target.domain}/, then try again.`,
      });
    const confirm = await asService(env, 'confirm_domain_verification', {
      p_company_id: target.company_id,
      p_domain: target.domain,
      p_method: method,
    });
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
  lookup: async (host) =>
    (await nodeLookup(host, { all: true })).map((a) => a.address),
});
