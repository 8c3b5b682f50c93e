import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  createUser,
  insertFeedback,
  query,
} from '../../integration/db/support.ts';
import type { World } from '../../permissions/support.ts';
import { MATRIX_ROLES, clientAs, type MatrixRole } from '../support.ts';
import type { Cell } from './cell.ts';

/** Extra rows so every table of the matrix holds something to see or touch. */
export interface Fixtures {
  article: string;
  /** A published article nobody liked yet. */
  article2: string;
  /** A feedback of a user outside the cast, nobody voted on yet. */
  feedbackC: string;
  category: string;
  tag: string;
}

export async function addFixtures(w: World): Promise<Fixtures> {
  const q = <T>(sql: string, p: unknown[] = []) => query<T>(w.t, sql, p);
  const [article] = await q<{ id: string }>(
    `insert into public.blog_articles (title, slug, content, published, published_at)
     values ('Matrix article', 'matrix-article', 'Body', true, now()) returning id`,
  );
  const [category] = await q<{ id: string }>(
    `insert into public.blog_categories (name, slug) values ('Matrix', 'matrix') returning id`,
  );
  const [tag] = await q<{ id: string }>(
    `insert into public.blog_tags (name, slug) values ('matrix', 'matrix') returning id`,
  );
  await q(
    `insert into public.blog_article_categories (article_id, category_id) values ($1, $2)`,
    [article!.id, category!.id],
  );
  await q(
    `insert into public.blog_article_tags (article_id, tag_id) values ($1, $2)`,
    [article!.id, tag!.id],
  );
  await q(
    `insert into public.blog_article_slug_redirects (old_slug, article_id) values ('matrix-was', $1)`,
    [article!.id],
  );
  for (const who of ['consumerA', 'consumerB'] as const) {
    await q(
      `insert into public.blog_article_likes (article_id, user_id) values ($1, $2)`,
      [article!.id, w.id[who]],
    );
    await q(
      `insert into public.analytics_events (event_name, user_id) values ('page_view', $1)`,
      [w.id[who]],
    );
  }
  // B votes on A's feedback and A on B's; both companies open and answer one.
  await q(
    `insert into public.feedback_votes (feedback_id, user_id, vote_type)
     values ($1, $2, 'upvote'), ($3, $4, 'upvote')`,
    [w.feedback.a, w.id.consumerB, w.feedback.b, w.id.consumerA],
  );
  for (const [company, fb] of [
    ['companyX', w.feedback.a],
    ['companyY', w.feedback.b],
  ] as const) {
    const c = w.as[company];
    await c.rpc('record_feedback_view', { feedback_uuid: fb });
    await c.rpc('update_feedback_status', {
      p_feedback_id: fb,
      p_new_status: 'in_progress',
    });
    await c.rpc('create_company_webhook', {
      p_url: `https://hooks.${company}.test/in`,
    });
    // #21: a thread with the author, a note and an assignment.
    await c.rpc('post_company_message', {
      p_feedback_id: fb,
      p_body: 'Which page?',
    });
    await c.rpc('add_feedback_note', { p_feedback_id: fb, p_body: 'Seen.' });
    await c.rpc('set_feedback_assignee', {
      p_feedback_id: fb,
      p_assignee: w.id[company],
    });
  }
  // #22: each company groups its feedback into a topic.
  for (const [company, fb] of [
    [w.company.X, w.feedback.a],
    [w.company.Y, w.feedback.b],
  ] as const) {
    await q(
      `with t as (insert into public.feedback_topics (company_id, title)
                  values ($1, 'Matrix topic') returning id)
       insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state)
       select $1, $2, t.id, 'confirmed' from t`,
      [company, fb],
    );
    // #22 hand-off: an issue created from that feedback.
    await q(
      `insert into public.issue_links (company_id, provider, feedback_id, external_id, external_key, url)
       values ($1, 'github', $2, '1', '#1', 'https://github.com/acme/site/issues/1')`,
      [company, fb],
    );
  }
  for (const [author, fb, company] of [
    ['consumerA', w.feedback.a, w.company.X],
    ['consumerB', w.feedback.b, w.company.Y],
  ] as const) {
    await w.as[author].rpc('post_author_reply', {
      p_feedback_id: fb,
      p_company_id: company,
      // A contact detail: masked for the company, kept for the author.
      p_body: 'The cart. Write to me at author@example.net.',
    });
  }
  await q(
    `insert into public.company_webhook_deliveries (webhook_id, company_id, feedback_id)
     select h.id, h.company_id, f.id from public.company_webhooks h
       join public.companies c on c.id = h.company_id
       join public.feedback f on f.website_url like '%' || c.domain || '%'`,
  );
  await q(
    `insert into public.referrals (inviter_id, invitee_id, referral_code, status)
     select $1, $2, p.referral_code, 'completed' from public.profiles p where p.id = $1`,
    [w.id.consumerA, w.id.consumerB],
  );
  await q(
    `insert into public.rewards (title, description, category, type, access_level)
     values ('Matrix reward', 'A test reward', 'discount', 'coupon', 0)`,
  );
  await q(
    `insert into public.reward_claims (reward_id, user_id, code)
     select r.id, u.id, 'CODE-' || left(u.id::text, 8)
       from (select id from public.rewards order by access_level limit 1) r,
            unnest($1::uuid[]) as u(id)`,
    [[w.id.consumerA, w.id.consumerB]],
  );
  const [article2] = await q<{ id: string }>(
    `insert into public.blog_articles (title, slug, content, published, published_at)
     values ('Second article', 'second-article', 'Body', true, now()) returning id`,
  );
  const outsider = await createUser(w.t, { email: 'outsider@perm.test' });
  const c = await insertFeedback(w.t, outsider.id, {
    websiteUrl: 'https://example.net/c',
    title: 'C on example.net',
  });
  return {
    article: article!.id,
    article2: article2!.id,
    feedbackC: c.id,
    category: category!.id,
    tag: tag!.id,
  };
}

/**
 * The ids a row may carry that make it the role's own: its user id, its
 * company's id, the ids of the feedback it wrote.
 */
export async function idsOf(w: World, role: MatrixRole): Promise<string[]> {
  if (role === 'anon') return [];
  const ids = [w.id[role]];
  if (role === 'companyX') ids.push(w.company.X);
  if (role === 'companyY') ids.push(w.company.Y);
  const mine = await query<{ id: string }>(
    w.t,
    'select id from public.feedback where user_id = $1',
    [w.id[role]],
  );
  return [...ids, ...mine.map((r) => r.id)];
}

export function owned(row: Record<string, unknown>, ids: string[]): boolean {
  return Object.values(row).some(
    (v) => typeof v === 'string' && ids.includes(v),
  );
}

type Rows = Record<string, unknown>[];

type Failure = { code?: string; message: string } | null;

/**
 * A failed request counts as 'deny' only when it is a refusal (no grant, a
 * policy, or one of the table's own `rules`); any other error (a misspelled
 * column, an identity column, a trigger's bug) means the probe never reached
 * the policy, so the cell cannot be observed and the test says why.
 */
function deniedBy(error: Failure, what: string, rules: string[] = []): true {
  if (refused(error) || rules.includes(error?.code ?? '')) return true;
  throw new Error(`${what}: ${error?.code} ${error?.message} is not a refusal`);
}

/** What a set of returned rows says: none, only the role's own, or others' too. */
function classify(
  error: Failure,
  data: unknown,
  ids: string[],
  ownable: boolean,
  what: string,
): Cell {
  if (error && deniedBy(error, what)) return 'deny';
  const rows = (Array.isArray(data) ? data : data ? [data] : []) as Rows;
  if (rows.length === 0) return 'deny';
  if (ownable && rows.every((r) => owned(r, ids))) return 'own';
  return 'allow';
}

export interface Roles {
  plain: Record<MatrixRole, SupabaseClient>;
  rollback: Record<MatrixRole, SupabaseClient>;
}

export async function rolesOf(w: World): Promise<Roles> {
  const plain = {} as Record<MatrixRole, SupabaseClient>;
  const rollback = {} as Record<MatrixRole, SupabaseClient>;
  for (const role of MATRIX_ROLES) {
    plain[role] = await clientAs(w, role);
    rollback[role] = await clientAs(w, role, { rollback: true });
  }
  return { plain, rollback };
}

/** Columns of a public table, in order, and those an UPDATE may name. */
async function columnsOf(
  w: World,
  table: string,
): Promise<{ all: string[]; writable: string[] }> {
  const rows = await query<{ name: string; writable: boolean }>(
    w.t,
    `select column_name as name,
            is_identity = 'NO' and is_generated = 'NEVER' as writable
       from information_schema.columns
      where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return {
    all: rows.map((r) => r.name),
    writable: rows.filter((r) => r.writable).map((r) => r.name),
  };
}

/** A row for `table` written by `me` (impersonating `as` when given). */
export type Payload = (
  w: World,
  f: Fixtures,
  me: { id: string; email: string; anon: boolean },
) => Record<string, unknown>;

export interface TableProbe {
  /** Insert payload (tables where some role may insert). */
  payload?: Payload;
  /** Column and value an update sets (tables where some role may update). */
  set?: [string, unknown];
  /** SQLSTATEs of the table's own rules that also refuse an insert (e.g. one company per account: 23505). */
  rules?: string[];
}

function meOf(w: World, role: MatrixRole) {
  return role === 'anon'
    ? { id: randomUUID(), email: 'anon@nowhere.test', anon: true }
    : { id: w.id[role], email: w.email[role], anon: false };
}

/** The observed cell of one table × role × operation. */
export async function observeTable(
  w: World,
  f: Fixtures,
  roles: Roles,
  table: string,
  role: MatrixRole,
  op: 'select' | 'insert' | 'update' | 'delete',
  probe: TableProbe,
): Promise<Cell> {
  const ids = await idsOf(w, role);
  const ownable = role !== 'anon';
  const c = roles.rollback[role];
  const what = `${table} ${op} as ${role}`;
  if (op === 'select') {
    const { data, error } = await roles.plain[role].from(table).select('*');
    return classify(error, data, ids, ownable, what);
  }
  const columns = await columnsOf(w, table);
  const [first] = columns.all;
  if (op === 'delete') {
    const { data, error } = await c
      .from(table)
      .delete()
      .not(first!, 'is', null)
      .select();
    return classify(error, data, ids, ownable, what);
  }
  if (op === 'update') {
    const [column, value] = probe.set ?? [columns.writable[0]!, null];
    const { data, error } = await c
      .from(table)
      .update({ [column]: value })
      .not(first!, 'is', null)
      .select();
    return classify(error, data, ids, ownable, what);
  }
  // insert: as oneself, then impersonating another user.
  if (!probe.payload) {
    const { error } = await c.from(table).insert({});
    return error && deniedBy(error, what, probe.rules) ? 'deny' : 'allow';
  }
  const mine = await c.from(table).insert(probe.payload(w, f, meOf(w, role)));
  if (mine.error && deniedBy(mine.error, what, probe.rules)) return 'deny';
  const other =
    role === 'consumerB'
      ? { id: w.id.consumerA, email: w.email.consumerA, anon: false }
      : { id: w.id.consumerB, email: w.email.consumerB, anon: false };
  const theirs = await c.from(table).insert(probe.payload(w, f, other));
  return theirs.error && deniedBy(theirs.error, `${what} for another user`)
    ? 'own'
    : 'allow';
}

/** A value for an argument: the caller's identity for identity arguments. */
function sample(
  name: string,
  type: string,
  w: World,
  who: { id: string; email: string },
): unknown {
  if (/user_id$|invitee_id$/.test(name)) return who.id;
  if (/email$/.test(name)) return who.email;
  if (type === 'uuid') return w.feedback.a;
  if (/int|numeric|real|double/.test(type)) return 1;
  if (type === 'boolean') return false;
  if (type === 'json' || type === 'jsonb') return {};
  if (type.endsWith('[]')) return [];
  if (type === 'date') return '2025-01-01';
  if (/timestamp/.test(type)) return '2025-01-01T00:00:00Z';
  return 'x';
}

/** Arguments of a public function, by name and type. */
export async function argumentsOf(
  w: World,
  name: string,
): Promise<[string, string][]> {
  const rows = await query<{ args: [string, string][] | null }>(
    w.t,
    `select (select json_agg(json_build_array(n, format_type(t, null)))
               from unnest(p.proargnames[1:p.pronargs], p.proargtypes::oid[]) as a(n, t)) as args
       from pg_proc p join pg_namespace s on s.oid = p.pronamespace
      where s.nspname = 'public' and p.proname = $1 limit 1`,
    [name],
  );
  return rows[0]?.args ?? [];
}

/**
 * A refusal by code only (no grant, a policy, a function's own check raising
 * insufficient_privilege, a bad token): a message that merely mentions
 * permission is not one.
 */
function refused(error: Failure): boolean {
  return ['42501', 'PGRST301', '28000'].includes(error?.code ?? '');
}

/**
 * The observed cell of calling an RPC (inside a rolled-back transaction):
 * 'deny' when refused (no grant, or the function's own check of who may
 * call it); for functions taking a user id or e-mail, 'own' when they work
 * for the caller's own identity and refuse another's. Feedback arguments
 * are consumer A's feedback on example.com (company X's domain).
 */
export async function observeRpc(
  w: World,
  roles: Roles,
  name: string,
  role: MatrixRole,
): Promise<Cell> {
  const signature = await argumentsOf(w, name);
  const call = (who: { id: string; email: string }) =>
    roles.rollback[role].rpc(
      name,
      Object.fromEntries(signature.map(([n, t]) => [n, sample(n, t, w, who)])),
    );
  const me = meOf(w, role);
  if (refused((await call(me)).error)) return 'deny';
  const identity = signature.some(([n]) =>
    /user_id$|invitee_id$|email$/.test(n),
  );
  if (!identity) return 'allow';
  const other =
    role === 'consumerB'
      ? { id: w.id.consumerA, email: w.email.consumerA }
      : { id: w.id.consumerB, email: w.email.consumerB };
  return refused((await call(other)).error) ? 'own' : 'allow';
}
