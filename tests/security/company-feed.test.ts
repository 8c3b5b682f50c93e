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

// M4 and DECISIONS "What a free company sees before a view": the search
// matched the whole description while the list showed its start, so a
// company read hidden text one character at a time without spending a view.
// Now, on a plan with a view allowance, the list shows title, category,
// status, votes, date and host/path before a view; the excerpt and the AI
// labels (and searching them) come with the view. Unlimited plans see all.
describe('the company list shows, and searches, only what the plan has opened', () => {
  it.each(['free', 'pro'])(
    'before a view: no text, no AI labels, no search in the text (%s)',
    async (plan) => {
      const domain = `${plan}-search.example.net`;
      const company = await createCompany(t, { domain, plan });
      const visible = 'Visible start of the text. '.padEnd(170, '.');
      const fb = await insertFeedback(t, author.id, {
        websiteUrl: `https://${domain}/page`,
        title: 'Checkout is slow',
        description: `${visible} Hidden: password hunter2 for the admin.`,
      });
      await query(
        t,
        `update public.feedback set priority = 'high', sentiment = 'negative',
                tags = array['checkout'] where id = $1`,
        [fb.id],
      );
      const list = async (p_search: string | null = null) => {
        const res = await company.client.rpc('get_company_feedback', {
          p_search,
        });
        expect(res.error).toBeNull();
        return (res.data ?? []) as {
          title: string;
          excerpt: string | null;
          priority: string | null;
          sentiment: string | null;
          tags: string[] | null;
          viewed: boolean;
        }[];
      };
      const titles = async (q: string) => (await list(q)).map((r) => r.title);
      const [before] = await list();
      expect(before).toMatchObject({
        title: 'Checkout is slow',
        excerpt: null,
        priority: null,
        sentiment: null,
        tags: null,
        viewed: false,
      });
      expect(await titles('checkout')).toEqual(['Checkout is slow']);
      expect(await titles('visible start')).toEqual([]);
      expect(await titles('hunter2')).toEqual([]);

      // Spending the view opens the text in the list for the period.
      const opened = await company.client.rpc('get_company_feedback_detail', {
        feedback_uuid: fb.id,
      });
      expect(opened.error).toBeNull();
      const [after] = await list();
      expect(after).toMatchObject({
        excerpt: visible.slice(0, 160),
        priority: 'high',
        sentiment: 'negative',
        tags: ['checkout'],
        viewed: true,
      });
      expect(await titles('visible start')).toEqual(['Checkout is slow']);
      // Beyond the excerpt the text is no oracle, not even after the view.
      expect(await titles('hunter2')).toEqual([]);
      expect(await titles('Hidden:')).toEqual([]);
    },
  );

  it('an unlimited plan sees and searches the excerpt at once', async () => {
    const domain = 'advanced-search.example.net';
    const company = await createCompany(t, { domain, plan: 'advanced' });
    await insertFeedback(t, author.id, {
      websiteUrl: `https://${domain}/page`,
      title: 'Slow search',
      description: 'Search takes ten seconds on the catalogue page.',
    });
    const res = await company.client.rpc('get_company_feedback', {
      p_search: 'ten seconds',
    });
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject([
      {
        title: 'Slow search',
        excerpt: 'Search takes ten seconds on the catalogue page.',
      },
    ]);
  });
});

// Webhooks send no more than the list shows before a view (DECISIONS).
describe('webhook payloads follow the plan', () => {
  it.each([
    ['free', null],
    ['advanced', 'The whole text of the feedback.'],
  ])('a %s company receives description %j', async (plan, expected) => {
    const domain = `${plan}-hook.example.net`;
    const company = await createCompany(t, { domain, plan });
    await query(
      t,
      `insert into public.company_webhooks (company_id, url, format)
       values ($1, 'https://hooks.example.net/peega', 'json')`,
      [company.companyId],
    );
    const fb = await insertFeedback(t, author.id, {
      websiteUrl: `https://${domain}/page`,
      title: 'Hook me',
      description: 'The whole text of the feedback.',
    });
    const [delivery] = await query<{ id: number }>(
      t,
      'select id from public.company_webhook_deliveries where feedback_id = $1',
      [fb.id],
    );
    expect(delivery).toBeDefined();
    const [row] = await query<{
      payload: { feedback: Record<string, unknown> };
    }>(t, 'select payload from public.get_webhook_delivery($1)', [
      delivery!.id,
    ]);
    expect(row?.payload.feedback).toMatchObject({
      title: 'Hook me',
      description: expected,
      website_host: domain,
    });
    if (plan === 'free') {
      expect(row?.payload.feedback).toMatchObject({
        priority: null,
        sentiment: null,
        tags: null,
      });
    }
  });
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
