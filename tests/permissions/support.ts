import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  serviceClient,
} from '../integration/db/support.ts';

/** Every role a permission test runs as (Basejump's structure). */
export const ROLES = [
  'anon',
  'consumerA',
  'consumerB',
  'companyX',
  'companyY',
  'admin',
  'service',
] as const;

export type Role = (typeof ROLES)[number];

/** The signed-in roles (all but anon and service). */
export const USERS = [
  'consumerA',
  'consumerB',
  'companyX',
  'companyY',
  'admin',
] as const;

export type UserRole = (typeof USERS)[number];

/**
 * One backend with a fixed cast: consumers A and B, company X (example.com,
 * free) and company Y (example.org, pro), a blog admin, plus a feedback of A
 * on example.com and one of B on example.org.
 */
export interface World {
  t: TestBackend;
  as: Record<Role, SupabaseClient>;
  id: Record<UserRole, string>;
  email: Record<UserRole, string>;
  company: { X: string; Y: string };
  feedback: { a: string; b: string };
}

export async function startWorld(
  env: Record<string, string> = {},
  options: { functionEnv?: Record<string, string> } = {},
): Promise<World> {
  const t = await startTestBackend({ env, functionEnv: options.functionEnv });
  const consumerA = await createUser(t, {
    email: 'consumer-a@perm.test',
    fullName: 'Alice Author',
  });
  const consumerB = await createUser(t, {
    email: 'consumer-b@perm.test',
    fullName: 'Bob Builder',
  });
  const companyX = await createCompany(t, {
    domain: 'example.com',
    email: 'company-x@perm.test',
  });
  const companyY = await createCompany(t, {
    domain: 'example.org',
    email: 'company-y@perm.test',
    plan: 'pro',
  });
  const admin = await createUser(t, { email: 'admin@perm.test' });
  await query(t, 'insert into public.blog_admins (user_email) values ($1)', [
    admin.email,
  ]);
  const a = await insertFeedback(t, consumerA.id, {
    websiteUrl: 'https://shop.example.com/cart',
    title: 'A on example.com',
  });
  const b = await insertFeedback(t, consumerB.id, {
    websiteUrl: 'https://example.org/donate',
    title: 'B on example.org',
  });
  return {
    t,
    as: {
      anon: t.client(),
      consumerA: consumerA.client,
      consumerB: consumerB.client,
      companyX: companyX.client,
      companyY: companyY.client,
      admin: admin.client,
      service: serviceClient(t),
    },
    id: {
      consumerA: consumerA.id,
      consumerB: consumerB.id,
      companyX: companyX.id,
      companyY: companyY.id,
      admin: admin.id,
    },
    email: {
      consumerA: consumerA.email,
      consumerB: consumerB.email,
      companyX: companyX.email,
      companyY: companyY.email,
      admin: admin.email,
    },
    company: { X: companyX.companyId, Y: companyY.companyId },
    feedback: { a: a.id, b: b.id },
  };
}

interface Response {
  data: unknown;
  error: { message: string; code?: string } | null;
  status?: number;
}

/** The request succeeded and returned `rows` rows (when given). */
export function allowed(response: Response, rows?: number): void {
  expect(response.error).toBeNull();
  if (rows !== undefined) {
    expect(Array.isArray(response.data) ? response.data.length : -1).toBe(rows);
  }
}

/**
 * How a request is expected to be refused, stated by each caller so that an
 * unrelated failure (a misspelled column, a trigger's error, a missing
 * function) is not counted as a denial:
 * - 'hidden': RLS filtered the rows out; the request succeeded and no row
 *   came back (reads, and updates or deletes asking for `.select()`);
 * - 'forbidden': the grant or a policy's WITH CHECK refused it (SQLSTATE
 *   42501, which is also PostgreSQL's "new row violates row-level security
 *   policy");
 * - { code, message }: a rule of the schema or of a function, pinned by its
 *   SQLSTATE (or PostgREST code) and its message, since codes such as 23514
 *   or P0001 are shared by many rules.
 */
export type Denial = 'hidden' | 'forbidden' | { code: string; message: RegExp };

/** The request was refused exactly as `expected` says (see Denial). */
export function denied(response: Response, expected: Denial): void {
  if (expected === 'hidden') {
    expect(response.error).toBeNull();
    expect(response.data).toEqual([]);
    return;
  }
  const want =
    expected === 'forbidden' ? { code: '42501', message: /./ } : expected;
  expect(response.error, 'the request should have been refused').not.toBeNull();
  expect(response.error?.code, response.error?.message).toBe(want.code);
  expect(response.error?.message).toMatch(want.message);
}

/** The request failed with a permission error (42501 / RLS violation). */
export function forbidden(response: Response): void {
  denied(response, 'forbidden');
}

/** Rows of a query as the database owner. */
export function rows<T = Record<string, unknown>>(
  w: World,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return query<T>(w.t, sql, params);
}

/**
 * A Storage refusal as hosted Storage answers it: HTTP 400 for every
 * logical 4xx, the logical status as a string in `statusCode` and the
 * error's `code` (SUPABASE-PROTOCOL.md §3.2), so a misspelled bucket or a
 * server error is not counted as a denial.
 */
export const STORAGE = {
  /** A policy's WITH CHECK refused the row (insert, upsert). */
  rls: { status: 400, statusCode: '403', code: 'AccessDenied' },
  /** The object is missing or invisible under RLS. */
  hidden: { status: 400, statusCode: '404', code: 'NoSuchKey' },
  /** A bucket that is not public, asked for by public URL. */
  noBucket: { status: 400, statusCode: '404', code: 'NoSuchBucket' },
  tooLarge: { status: 400, statusCode: '413', code: 'EntityTooLarge' },
  badType: { status: 400, statusCode: '415', code: 'InvalidMimeType' },
} as const;

/** The Storage request failed exactly as `expected` (see STORAGE). */
export function storageRefused(
  response: { error: unknown },
  expected: (typeof STORAGE)[keyof typeof STORAGE],
): void {
  expect(response.error, 'the request should have been refused').toMatchObject(
    expected,
  );
}

/**
 * A new account made a member of company X, inserted as the database owner
 * (the invitation flow has tests of its own).
 */
export async function memberOfX(w: World, email: string) {
  const user = await createUser(w.t, { email });
  await rows(
    w,
    `insert into public.company_members (company_id, user_id, role) values ($1, $2, 'member')`,
    [w.company.X, user.id],
  );
  return user;
}
