import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeedback, query } from '../../integration/db/support.ts';
import { startWorld, type World } from '../../permissions/support.ts';
import { clientAs, sleep } from '../support.ts';

// Author identity never reaches a company: every company-facing RPC, every
// table a company may read, and every realtime event a company receives is
// searched for the author's user id, e-mail, nickname and name.
let w: World;
let secrets: string[];
let contextFeedback: string;
beforeAll(async () => {
  w = await startWorld();
  await query(
    w.t,
    `update public.profiles set nickname = 'SecretNickAlice', full_name = 'Alice Author'
      where id = $1`,
    [w.id.consumerA],
  );
  await w.as.companyX.rpc('record_feedback_view', {
    feedback_uuid: w.feedback.a,
  });
  await w.as.companyX.rpc('update_feedback_status', {
    p_feedback_id: w.feedback.a,
    p_new_status: 'in_progress',
  });
  // A technical context (issue #26) whose recorded console lines name the
  // author: the server masks them before a company reads the detail.
  const withContext = await w.as.consumerA
    .from('feedback')
    .insert({
      title: 'Context on example.com',
      description: 'The cart breaks.',
      company_name: 'Example',
      website_url: 'https://example.com/cart',
      technical_context: {
        environment: { browser: 'Chrome 156', language: 'en' },
        consoleErrors: [
          {
            kind: 'error',
            message: `No session for ${w.email.consumerA} (${w.id.consumerA})`,
            at: '2026-11-26T10:00:00Z',
          },
        ],
        failedRequests: [
          {
            method: 'GET',
            status: 404,
            url: `https://example.com/users/${w.id.consumerA}/cart`,
            at: '2026-11-26T10:00:00Z',
          },
        ],
      },
    })
    .select('id')
    .single();
  if (withContext.error) throw withContext.error;
  contextFeedback = withContext.data.id;
  // #21: a conversation and triage exist, so their reads are searched too.
  await w.as.companyX.rpc('post_company_message', {
    p_feedback_id: w.feedback.a,
    p_body: 'Which browser?',
  });
  await w.as.consumerA.rpc('post_author_reply', {
    p_feedback_id: w.feedback.a,
    p_company_id: w.company.X,
    p_body: 'Firefox. Mail me: consumer-a@perm.test',
  });
  await w.as.companyX.rpc('add_feedback_note', {
    p_feedback_id: w.feedback.a,
    p_body: 'Reproduced.',
  });
  secrets = [
    w.id.consumerA,
    w.email.consumerA,
    'consumer-a',
    'SecretNickAlice',
    'Alice Author',
  ];
});
afterAll(() => w?.t.stop());

function leaks(value: unknown): string[] {
  const text = JSON.stringify(value ?? null).toLowerCase();
  return secrets.filter((s) => text.includes(s.toLowerCase()));
}

describe('a company never sees who wrote a feedback', () => {
  it('in the company RPCs', async () => {
    const x = w.as.companyX;
    const calls = {
      get_company_feedback: await x.rpc('get_company_feedback'),
      get_company_feedback_detail: await x.rpc('get_company_feedback_detail', {
        feedback_uuid: w.feedback.a,
      }),
      get_company_feedback_detail_context: await x.rpc(
        'get_company_feedback_detail',
        { feedback_uuid: contextFeedback },
      ),
      get_viewed_feedback_export: await x.rpc('get_viewed_feedback_export'),
      get_feedback_with_votes: await x.rpc('get_feedback_with_votes'),
      get_company_domain_summary: await x.rpc('get_company_domain_summary'),
      get_all_feedback_view_counts: await x.rpc('get_all_feedback_view_counts'),
      get_similar_feedback: await x.rpc('get_similar_feedback', {
        p_website_url: 'https://shop.example.com/cart',
        p_text: 'A on example.com',
      }),
      get_leaderboard: await x.rpc('get_leaderboard'),
      get_company_thread: await x.rpc('get_company_thread', {
        p_feedback_id: w.feedback.a,
      }),
      get_feedback_triage: await x.rpc('get_feedback_triage', {
        p_feedback_id: w.feedback.a,
      }),
    };
    // The feed really holds A's feedback (the check is not vacuous).
    expect(JSON.stringify(calls.get_company_feedback.data)).toContain(
      'A on example.com',
    );
    expect(calls.get_company_feedback_detail.error).toBeNull();
    expect(
      JSON.stringify(calls.get_company_feedback_detail_context.data),
    ).toContain('No session for [email] ([id])');
    expect(JSON.stringify(calls.get_company_thread.data)).toContain('Firefox');
    expect(calls.get_feedback_triage.error).toBeNull();
    const found = Object.fromEntries(
      Object.entries(calls)
        .filter(([name]) => name !== 'get_leaderboard')
        .map(([name, r]) => [name, leaks(r.data)]),
    );
    expect(found).toEqual(
      Object.fromEntries(Object.keys(found).map((n) => [n, []])),
    );
  });

  it('in every table a company can read', async () => {
    const tables = (
      await query<{ name: string }>(
        w.t,
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'v', 'm')
            and has_table_privilege('authenticated', c.oid, 'SELECT')`,
      )
    ).map((r) => r.name);
    const found: Record<string, string[]> = {};
    for (const table of tables) {
      const { data } = await w.as.companyX.from(table).select('*');
      const l = leaks(data);
      if (l.length) found[table] = l;
    }
    expect(found).toEqual({});
  });

  it('in realtime events', async () => {
    const x = await clientAs(w, 'companyX');
    const events: unknown[] = [];
    const tables = (
      await query<{ name: string }>(
        w.t,
        `select tablename as name from pg_publication_tables
          where pubname = 'supabase_realtime' and schemaname = 'public'`,
      )
    ).map((r) => r.name);
    const channel = tables.reduce(
      (c, table) =>
        c.on(
          'postgres_changes' as never,
          { event: '*', schema: 'public', table },
          (e: unknown) => events.push(e),
        ),
      x.channel('company-identity'),
    );
    await new Promise<void>((resolve) =>
      channel.subscribe((s) => s === 'SUBSCRIBED' && resolve()),
    );
    const { id } = await insertFeedback(w.t, w.id.consumerA, {
      websiteUrl: 'https://example.com/live',
      title: 'Live on example.com',
    });
    await x.rpc('record_feedback_view', { feedback_uuid: id });
    await x.rpc('update_feedback_status', {
      p_feedback_id: id,
      p_new_status: 'completed',
    });
    await x.rpc('post_company_message', { p_feedback_id: id, p_body: 'Why?' });
    await w.as.consumerA.rpc('post_author_reply', {
      p_feedback_id: id,
      p_company_id: w.company.X,
      p_body: 'Because. consumer-a@perm.test',
    });
    await sleep(1000);
    await channel.unsubscribe();
    // Something arrived (the company's own view and status events).
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).toContain('Because.');
    expect(leaks(events)).toEqual([]);
  });
});
