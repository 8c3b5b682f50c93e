import type { BackendContext } from '../context.ts';
import type { ServiceRequest } from '../http.ts';
import { AuthError, badRequest, sendJson } from './errors.ts';
import { queryEscape } from './mail.ts';
import { AUDIENCE, findUserById, userJson } from './users.ts';

/** Go's `url.Values.Encode` of the listing's query with another page. */
function pageLink(req: ServiceRequest, page: number): string {
  const query = new URLSearchParams(req.url.searchParams);
  query.set('page', String(page));
  const encoded = [...query.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${queryEscape(k)}=${queryEscape(v)}`)
    .join('&');
  return `/admin/users?${encoded}`;
}

const UINT64_MAX = 18446744073709551615n;

/** Go's `strconv.ParseUint(s, 10, 64)`, with its error wording. */
function parseUint(value: string): bigint {
  if (!/^[0-9]+$/.test(value)) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`,
    );
  }
  const n = BigInt(value);
  if (n > UINT64_MAX) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(value)}: value out of range`,
    );
  }
  return n;
}

/**
 * GoTrue's `paginate`: `page` and `per_page` are unsigned integers (else a
 * 400 `validation_failed` "Bad Pagination Parameters: …"); pop reads page
 * 0 as the first while the Link header keeps the asked page; a `per_page`
 * of 0 makes GoTrue's page count divide by zero, which its recoverer turns
 * into a 500.
 */
function pagination(req: ServiceRequest) {
  const page = req.url.searchParams.get('page') || '';
  const perPage = req.url.searchParams.get('per_page') || '';
  const pageN = page ? parseUint(page) : 1n;
  const perPageN = perPage ? parseUint(perPage) : 50n;
  if (perPageN === 0n) {
    throw new AuthError(500, '', 'Internal Server Error');
  }
  const safe = (n: bigint) =>
    Number(n > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : n);
  return { page: safe(pageN), perPage: safe(perPageN) };
}

/** GET /admin/users?page=&per_page= with GoTrue's Link and X-Total-Count. */
export async function listUsers(ctx: BackendContext, req: ServiceRequest) {
  const { page: asked, perPage } = pagination(req);
  const page = Math.max(1, asked);
  const count = await ctx.db.query<{ n: number }>(
    'select count(*)::int as n from auth.users where aud = $1',
    [AUDIENCE],
  );
  const total = count.rows[0]?.n ?? 0;
  const { rows } = await ctx.db.query<{ id: string }>(
    `select id from auth.users where aud = $1
      order by created_at desc, id limit $2 offset $3`,
    [AUDIENCE, perPage, Math.min((page - 1) * perPage, 2 ** 53)],
  );
  const users = [];
  for (const r of rows)
    users.push(userJson((await findUserById(ctx.db, r.id))!));
  const lastPage = Math.ceil(total / perPage);
  const links = [];
  if (lastPage > asked) links.push(`<${pageLink(req, asked + 1)}>; rel="next"`);
  links.push(`<${pageLink(req, lastPage)}>; rel="last"`);
  return sendJson(
    200,
    { users, aud: AUDIENCE },
    { link: links.join(', '), 'x-total-count': String(total) },
  );
}
