import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';

/** A signed-in user of a test backend and a supabase-js client acting as them. */
export interface TestUser {
  id: string;
  email: string;
  client: SupabaseClient;
}

/** A company account: its user plus the companies row. */
export interface TestCompany extends TestUser {
  companyId: string;
}

let counter = 0;

/** A fresh e-mail address per call, so tests in one file never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.net`;
}

/** A client whose requests carry a JWT for `id` (role authenticated). */
export async function clientFor(
  t: TestBackend,
  id: string,
  email: string,
): Promise<SupabaseClient> {
  const jwt = await t.ctx.jwt.sign(
    { sub: id, role: 'authenticated', aud: 'authenticated', email },
    3600,
  );
  return t.client(undefined, { Authorization: `Bearer ${jwt}` });
}

/** The service-role client (what edge functions use). */
export function serviceClient(t: TestBackend): SupabaseClient {
  return t.client(t.serviceRoleKey);
}

/**
 * Creates a confirmed auth user the way GoTrue stores one; the database's
 * trigger creates the profile and stats rows.
 */
export async function createUser(
  t: TestBackend,
  options: {
    id?: string;
    email?: string;
    fullName?: string;
    metadata?: Record<string, unknown>;
  } = {},
): Promise<TestUser> {
  const id = options.id ?? randomUUID();
  const email = options.email ?? uniqueEmail();
  await t.ctx.db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, now(),
       '{"provider":"email","providers":["email"]}', $3, now(), now())`,
    [
      id,
      email,
      JSON.stringify({
        full_name: options.fullName ?? '',
        ...options.metadata,
      }),
    ],
  );
  return { id, email, client: await clientFor(t, id, email) };
}

/** Creates a company account owning `domain` on `plan`. */
export async function createCompany(
  t: TestBackend,
  options: {
    domain: string;
    plan?: string;
    email?: string;
    /** Mark its domains verified (default true) unless another company did. */
    verified?: boolean;
  },
): Promise<TestCompany> {
  const user = await createUser(t, {
    email: options.email ?? uniqueEmail('company'),
  });
  const { rows } = await t.ctx.db.query<{ id: string }>(
    `insert into public.companies (user_id, email, company_name, domain)
     values ($1, $2, 'Test Company', $3) returning id`,
    [user.id, user.email, options.domain],
  );
  const companyId = rows[0]?.id;
  if (companyId === undefined) throw new Error('company not created');
  // Feedback content reaches a company only for verified domains (issue #8).
  if (options.verified !== false) {
    await t.ctx.db.query(
      `update public.company_domains d
          set verified_at = now(), verification_method = 'dns'
        where d.company_id = $1
          and not exists (select 1 from public.company_domains o
                           where o.domain = d.domain and o.verified_at is not null)`,
      [companyId],
    );
  }
  if (options.plan !== undefined) {
    await t.ctx.db.query(
      `update public.company_subscriptions set subscription_type = $2
        where company_id = $1`,
      [companyId, options.plan],
    );
  }
  return { ...user, companyId };
}

/** A 1×1 transparent PNG and the start of a WebM (EBML) file. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const WEBM_BYTES = Buffer.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01,
]);

/**
 * Uploads a screenshot (PNG) or voice note (WebM) as the user, the way the
 * apps do (shared/data/uploads.ts): a fresh random folder per file. Returns
 * the path a feedback then references.
 */
export async function uploadMedia(
  user: TestUser,
  bucket: 'screenshots' | 'audio',
): Promise<string> {
  const path =
    bucket === 'screenshots'
      ? `${randomUUID()}/${randomUUID()}.png`
      : `${randomUUID()}/${randomUUID()}.webm`;
  const { error } = await user.client.storage
    .from(bucket)
    .upload(path, bucket === 'screenshots' ? PNG_BYTES : WEBM_BYTES, {
      contentType: bucket === 'screenshots' ? 'image/png' : 'audio/webm',
    });
  if (error) throw new Error(`upload failed: ${error.message}`);
  return path;
}

/** What a direct (trusted, server-side) feedback insert may set. */
export interface FeedbackFields {
  title?: string;
  description?: string;
  category?: string;
  companyName?: string;
  websiteUrl?: string | null;
  screenshotUrl?: string | null;
  audioUrl?: string | null;
  createdAt?: string;
}

/**
 * Inserts a feedback as trusted server code (no session): the same triggers
 * run, and `createdAt` may place it on another day.
 */
export async function insertFeedback(
  t: TestBackend,
  userId: string,
  fields: FeedbackFields = {},
): Promise<{ id: string; points_awarded: number }> {
  const { rows } = await t.ctx.db.query<{ id: string; points_awarded: number }>(
    `insert into public.feedback (user_id, title, description, category,
       company_name, website_url, screenshot_url, audio_url, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::timestamptz, now()))
     returning id, points_awarded`,
    [
      userId,
      fields.title ?? 'A title',
      fields.description ?? 'A description of the problem.',
      fields.category ?? 'other',
      fields.companyName ?? 'Example',
      fields.websiteUrl === undefined
        ? 'https://example.com/page'
        : fields.websiteUrl,
      fields.screenshotUrl ?? null,
      fields.audioUrl ?? null,
      fields.createdAt ?? null,
    ],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('feedback not inserted');
  return row;
}

/** Runs a query as the database owner and returns its rows. */
export async function query<T = Record<string, unknown>>(
  t: TestBackend,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await t.ctx.db.query<T>(sql, params)).rows;
}

/**
 * Runs `spend` (which spends a whole rate limit) on empty counters inside one
 * limit window, and returns what it found. The limits count in fixed windows
 * (`date_bin` from 2000-01-01, aligned to the clock): a run that straddles a
 * window's end sees the count start again and lets more through, so such a run
 * is done again, in the next window (which it cannot straddle: it takes
 * seconds, a window minutes). No waiting for a window to begin.
 */
export async function inOneRateWindow<T>(
  t: TestBackend,
  spend: () => Promise<T>,
  windowMinutes = 10,
): Promise<T> {
  const windowOf = () => Math.floor(Date.now() / (windowMinutes * 60_000));
  for (let attempt = 1; ; attempt++) {
    await t.ctx.db.query('delete from private.rate_limit_hits');
    const started = windowOf();
    const found = await spend();
    if (windowOf() === started || attempt === 2) return found;
  }
}

/** The first row of a query as the database owner (fails when there is none). */
export async function one<T = Record<string, unknown>>(
  t: TestBackend,
  sql: string,
  params: unknown[] = [],
): Promise<T> {
  const row = (await query<T>(t, sql, params))[0];
  if (row === undefined) throw new Error(`no row: ${sql}`);
  return row;
}

/** The user's stats row. */
export function statsOf(t: TestBackend, userId: string) {
  return one<{
    total_points: number;
    current_level: number;
    reputation: string;
    feedback_count: number;
    votes_cast: number;
    upvotes_received: number;
    downvotes_received: number;
    current_streak: number;
    longest_streak: number;
  }>(t, 'select * from public.user_stats where user_id = $1', [userId]);
}

/** The user's XP ledger as [action_type, points] pairs, oldest first. */
export async function ledgerOf(
  t: TestBackend,
  userId: string,
): Promise<[string, number][]> {
  const rows = await query<{ action_type: string; points: number }>(
    t,
    `select action_type, points from public.user_points
      where user_id = $1 order by created_at, action_type`,
    [userId],
  );
  return rows.map((r) => [r.action_type, r.points]);
}

/** Badge keys the user holds, sorted. */
export async function badgesOf(t: TestBackend, userId: string) {
  const rows = await query<{ badge_key: string }>(
    t,
    'select badge_key from public.user_badges where user_id = $1 order by badge_key',
    [userId],
  );
  return rows.map((r) => r.badge_key);
}

/** Asserts a supabase-js response succeeded and returns its data. */
export function ok<
  R extends {
    data: unknown;
    error: { message: string; code?: string } | null;
  },
>(response: R): NonNullable<R['data']> {
  expect(response.error).toBeNull();
  if (response.data === null || response.data === undefined) {
    throw new Error('no data');
  }
  return response.data as NonNullable<R['data']>;
}

/** A row of an untyped RPC or table result. */
export type Row = Record<string, unknown>;

/** Asserts a supabase-js response succeeded and returns its rows. */
export function list(response: {
  data: unknown;
  error: { message: string; code?: string } | null;
}): Row[] {
  expect(response.error).toBeNull();
  expect(Array.isArray(response.data)).toBe(true);
  return response.data as Row[];
}

/** Asserts a supabase-js response without a body (insert, update) succeeded. */
export function done(response: {
  error: { message: string; code?: string } | null;
}): void {
  expect(response.error).toBeNull();
}

/** An ISO timestamp `days` UTC days from today's midnight plus `time` (HH:MM:SS). */
export function utcDay(days: number, time = '12:00:00'): string {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  const day = new Date(midnight.getTime() + days * 86_400_000);
  return `${day.toISOString().slice(0, 10)}T${time}Z`;
}

/**
 * A first real feedback of the user, as referral XP requires (M6): inserted
 * through the normal checks and analysed by the AI step as not spam (here
 * the service-role call the process-feedback function makes).
 */
export async function realFeedback(
  t: TestBackend,
  userId: string,
  fields: FeedbackFields = {},
): Promise<{ id: string; points_awarded: number }> {
  const row = await insertFeedback(t, userId, {
    title: 'Search ignores filters',
    description:
      'After choosing a price filter on the search page, the results still show every product.',
    ...fields,
  });
  await t.ctx.db.query(
    `select public.apply_feedback_analysis($1, '{"is_spam": false, "quality_score": 4}'::jsonb)`,
    [row.id],
  );
  return row;
}
