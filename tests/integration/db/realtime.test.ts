import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  closeClients,
  listen,
  realtimeClient,
  until,
  userToken,
  type Feed,
} from '../realtime/support.ts';
import {
  createCompany,
  createUser,
  type TestCompany,
  type TestUser,
} from './support.ts';

// The published tables reach only subscribers who may read the whole row:
// authors their feedback, badges and notifications; companies their events
// and views, which carry no author identity; nobody anyone else's.
let t: TestBackend;
let author: TestUser;
let stranger: TestUser;
let company: TestCompany;
const clients: SupabaseClient[] = [];

const TABLES = [
  'feedback',
  'feedback_votes',
  'notifications',
  'user_badges',
  'company_feedback_views',
  'company_feedback_events',
] as const;

beforeAll(async () => {
  t = await startTestBackend();
  author = await createUser(t);
  stranger = await createUser(t);
  company = await createCompany(t, { domain: 'live.test' });
});
afterAll(async () => {
  await closeClients(clients);
  await t?.stop();
});

async function subscribe(user: TestUser, name: string): Promise<Feed> {
  const token = { current: await userToken(t, user.id) };
  const client = await realtimeClient(t, token);
  clients.push(client);
  return listen(
    client,
    name,
    TABLES.map((table) => ({ event: '*', schema: 'public', table })),
  );
}

const titleOf = (change: Feed['changes'][number]) =>
  String((change.new as Record<string, unknown>).feedback_title);

/** Waits until `feed` has its own marker notification: everything committed before it has arrived. */
async function settle(feed: Feed, user: TestUser) {
  const marker = `marker-${Math.random().toString(36).slice(2)}`;
  await t.ctx.db.query(
    `insert into public.notifications (user_id, feedback_title) values ($1, $2)`,
    [user.id, marker],
  );
  await until(
    () =>
      feed.changes.some(
        (c) => c.table === 'notifications' && titleOf(c) === marker,
      ),
    `marker for ${user.email}`,
  );
}

const tablesOf = (feed: Feed) =>
  feed.changes
    .filter(
      (c) => !(c.table === 'notifications' && titleOf(c).startsWith('marker-')),
    )
    .map((c) => `${c.table}:${c.eventType}`);

describe('realtime', () => {
  it('delivers each change only to those who may read the row', async () => {
    const authorFeed = await subscribe(author, 'author');
    const strangerFeed = await subscribe(stranger, 'stranger');
    const companyFeed = await subscribe(company, 'company');

    const { data: feedback, error } = await author.client
      .from('feedback')
      .insert({
        title: 'Live',
        description: 'Watch this.',
        company_name: 'Live',
        website_url: 'https://live.test/',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const viewed = await company.client.rpc('record_feedback_view', {
      feedback_uuid: feedback?.id,
    });
    expect(viewed.data).toBe(true);

    await Promise.all([
      settle(authorFeed, author),
      settle(strangerFeed, stranger),
      settle(companyFeed, company),
    ]);

    expect(tablesOf(authorFeed)).toEqual(
      expect.arrayContaining([
        'feedback:INSERT',
        'user_badges:INSERT',
        'company_feedback_views:INSERT',
        'feedback:UPDATE',
        'notifications:INSERT',
      ]),
    );
    expect(tablesOf(strangerFeed)).toEqual([]);
    expect([...new Set(tablesOf(companyFeed))].sort()).toEqual([
      'company_feedback_events:INSERT',
      'company_feedback_views:INSERT',
    ]);

    const payload = JSON.stringify(companyFeed.changes.map((c) => c.new));
    expect(payload).not.toContain(author.id);
    expect(payload).not.toContain(author.email);
  });
});
