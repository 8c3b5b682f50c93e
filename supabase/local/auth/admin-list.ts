import type { BackendContext } from '../context.ts';
import type { ServiceRequest } from '../http.ts';
import { sendJson } from './errors.ts';
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

/** GET /admin/users?page=&per_page= with GoTrue's Link and X-Total-Count. */
export async function listUsers(ctx: BackendContext, req: ServiceRequest) {
  const page = Math.max(1, Number(req.url.searchParams.get('page')) || 1);
  const perPage = Math.max(
    1,
    Number(req.url.searchParams.get('per_page')) || 50,
  );
  const count = await ctx.db.query<{ n: number }>(
    'select count(*)::int as n from auth.users where aud = $1',
    [AUDIENCE],
  );
  const total = count.rows[0]?.n ?? 0;
  const { rows } = await ctx.db.query<{ id: string }>(
    `select id from auth.users where aud = $1
      order by created_at desc, id limit $2 offset $3`,
    [AUDIENCE, perPage, (page - 1) * perPage],
  );
  const users = [];
  for (const r of rows)
    users.push(userJson((await findUserById(ctx.db, r.id))!));
  const lastPage = Math.ceil(total / perPage);
  const links = [];
  if (lastPage > page) links.push(`<${pageLink(req, page + 1)}>; rel="next"`);
  links.push(`<${pageLink(req, lastPage)}>; rel="last"`);
  return sendJson(
    200,
    { users, aud: AUDIENCE },
    { link: links.join(', '), 'x-total-count': String(total) },
  );
}
