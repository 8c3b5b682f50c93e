import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  type TestCompany,
  type TestUser,
} from '../integration/db/support.ts';
import { sleep } from './support.ts';

let t: TestBackend;
let author: TestUser;
beforeAll(async () => {
  t = await startTestBackend();
  author = await createUser(t);
});
afterAll(() => t?.stop());

// M4: the free plan's search matched the whole description while the list
// shows its first 160 characters: a company read hidden text one character
// at a time without spending a view.
describe('company list search covers only what the list shows', () => {
  it.each(['free', 'pro'])(
    'a term only in the hidden part of the description finds nothing (%s)',
    async (plan) => {
      const domain = `${plan}-search.example.net`;
      const company = await createCompany(t, { domain, plan });
      const visible = 'Visible start of the text. '.padEnd(170, '.');
      await insertFeedback(t, author.id, {
        websiteUrl: `https://${domain}/page`,
        title: 'Checkout is slow',
        description: `${visible} Hidden: password hunter2 for the admin.`,
      });
      const search = async (p_search: string) => {
        const res = await company.client.rpc('get_company_feedback', {
          p_search,
        });
        expect(res.error).toBeNull();
        return (res.data ?? []).map((r: { title: string }) => r.title);
      };
      // The list really shows this feedback and its excerpt is searchable.
      expect(await search('checkout')).toEqual(['Checkout is slow']);
      expect(await search('visible start')).toEqual(['Checkout is slow']);
      // The hidden text is no oracle, not even a character at a time.
      expect(await search('hunter2')).toEqual([]);
      expect(await search('password h')).toEqual([]);
      expect(await search('Hidden:')).toEqual([]);
    },
  );
});

/** supabase-js signed in as `user`, realtime included. */
async function realtimeClient(user: TestUser): Promise<SupabaseClient> {
  const jwt = await t.ctx.jwt.sign(
    {
      sub: user.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: user.email,
    },
    3600,
  );
  const client = createClient(t.url, t.anonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: WebSocket as never },
    accessToken: async () => jwt,
  });
  await client.realtime.setAuth();
  return client;
}

/** Subscribes to the company's events as the dashboard does. */
async function listen(company: TestCompany) {
  const client = await realtimeClient(company);
  const seen: Record<string, unknown>[] = [];
  const channel = client.channel(`events-${company.companyId}`).on(
    'postgres_changes' as never,
    {
      event: 'INSERT',
      schema: 'public',
      table: 'company_feedback_events',
      filter: `company_id=eq.${company.companyId}`,
    },
    (change: { new?: Record<string, unknown> }) => {
      if (change.new && Object.keys(change.new).length > 0)
        seen.push(change.new);
    },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no join')), 10_000);
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    seen,
    stop: async () => {
      await channel.unsubscribe();
      await client.removeAllChannels();
    },
  };
}

// L6: company_feedback_events reached companies for domains they had only
// added, not verified.
describe('company feedback events need a verified domain', () => {
  it('a company that added but did not verify the domain receives nothing', async () => {
    const owner = await createCompany(t, { domain: 'events.example.net' });
    const squatter = await createCompany(t, {
      domain: 'events.example.net',
      verified: false,
    });
    const ownerFeed = await listen(owner);
    const squatterFeed = await listen(squatter);
    const { id } = await insertFeedback(t, author.id, {
      websiteUrl: 'https://shop.events.example.net/cart',
    });
    await query(t, `update public.feedback set status = 'read' where id = $1`, [
      id,
    ]);
    const voter = await createUser(t);
    await voter.client
      .from('feedback_votes')
      .insert({ feedback_id: id, vote_type: 'upvote' });
    await sleep(1500);
    await ownerFeed.stop();
    await squatterFeed.stop();

    // The verified owner hears about it (the check is not vacuous).
    expect(ownerFeed.seen.map((e) => e.event_type).sort()).toEqual([
      'created',
      'status_changed',
      'voted',
    ]);
    expect(squatterFeed.seen).toEqual([]);
    // Nor through REST.
    const rest = await squatter.client
      .from('company_feedback_events')
      .select('*');
    expect(rest.error).toBeNull();
    expect(rest.data).toEqual([]);
  });

  it('events stop when a domain loses its verification', async () => {
    const company = await createCompany(t, { domain: 'lapsed.example.net' });
    await insertFeedback(t, author.id, {
      websiteUrl: 'https://lapsed.example.net/',
    });
    const before = await company.client
      .from('company_feedback_events')
      .select('event_type');
    expect(before.data).toEqual([{ event_type: 'created' }]);
    await query(
      t,
      `update public.company_domains set verified_at = null where company_id = $1`,
      [company.companyId],
    );
    const after = await company.client
      .from('company_feedback_events')
      .select('event_type');
    expect(after.error).toBeNull();
    expect(after.data).toEqual([]);
  });
});
