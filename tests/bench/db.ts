// `npm run bench -- db` (alias `scale`): the database at scale, through
// supabase-js against the embedded backend, as the apps call it (the
// shared/data functions): leaderboard pages first/middle/last, own rank, the
// company dashboard's RPCs, the consumer's feedback list (/app) and a submit
// with every trigger.
//
// On PostgreSQL: first `DATABASE_URL=…/peega_perf npm run seed:scale -- --users
// 100000 --feedback 1000000`, then `DATABASE_URL=…/peega_perf npm run bench --
// db`; the backend runs on that database as it is. Without a seeded database
// (no DATABASE_URL, or one without bench data) the same data set is generated
// smaller in a fresh database (5,000 users / 50,000 feedback; tiny in a smoke
// run), and the notes say so.
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { getLeaderboard } from '../../shared/data/community.ts';
import {
  getViewAllowance,
  listCompanyFeedback,
  listDomainSummary,
} from '../../shared/data/companies.ts';
import {
  getCompanyThread,
  postCompanyMessage,
} from '../../shared/data/conversation.ts';
import { createFeedback, listMyFeedback } from '../../shared/data/feedback.ts';
import { unwrap, type Client } from '../../shared/data/client.ts';
import { loadConfig } from '../../supabase/local/config.ts';
import { startBackend } from '../../supabase/local/start.ts';
import type { BackendContext } from '../../supabase/local/context.ts';
import {
  benchCounts,
  benchUserId,
  generateScaleData,
  type ScaleOptions,
} from '../../scripts/seed-scale.ts';
import { startTestBackend } from '../support/backend.ts';
import { measure, SMOKE } from './measure.ts';
import type { BenchResult } from './types.ts';

const SMALL: ScaleOptions = {
  users: 5_000,
  feedback: 50_000,
  sites: 1_000,
  companies: 200,
};
const TINY: ScaleOptions = {
  users: 200,
  feedback: 2_000,
  sites: 50,
  companies: 20,
};
const READ_TARGET = { p95_ms: 20 };
const SUBMIT_TARGET = { p95_ms: 10 };
// #21: the inbox with any sort or filter, and a thread's load and post.
const INBOX_TARGET = { p95_ms: 50 };
const THREAD_TARGET = { p95_ms: 20 };
const PAGE_SIZE = 10;

interface Running {
  url: string;
  anonKey: string;
  ctx: BackendContext;
  stop(): Promise<void>;
}

/** The embedded backend on an existing database, used as it is. */
async function startOn(databaseUrl: string): Promise<Running> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const config = await loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      PEEGA_DATA_DIR: 'memory',
      PEEGA_SEED: 'none',
      PEEGA_AI_WORKER: '0',
      PEEGA_WEBHOOK_WORKER: '0',
      PEEGA_DIGEST_WORKER: '0',
      DATABASE_URL: databaseUrl,
    },
    root,
  );
  config.webDist = undefined;
  const backend = await startBackend(config);
  return {
    url: backend.url,
    anonKey: config.anonKey,
    ctx: backend.ctx,
    stop: () => backend.stop(),
  };
}

/** A seeded DATABASE_URL as it is, else a fresh database with generated data. */
async function open(): Promise<{
  t: Running;
  scale: ScaleOptions;
  how: string;
}> {
  const url = process.env.DATABASE_URL;
  if (url && !SMOKE) {
    const t = await startOn(url);
    const have = await benchCounts(t.ctx.db);
    if (have.users > 0) {
      const companies = (
        await t.ctx.db.query<{ n: number }>(
          `select count(*)::int as n from public.companies where email like '%@bench.test'`,
        )
      ).rows[0]!.n;
      return {
        t,
        scale: {
          users: have.users - companies,
          feedback: have.feedback,
          sites: 0,
          companies,
        },
        how: 'seeded by seed:scale',
      };
    }
    await t.stop();
    console.error(
      'No bench data in DATABASE_URL (run `npm run seed:scale` first for 1 M feedback); generating a small set instead.',
    );
  }
  const scale = SMOKE ? TINY : SMALL;
  const t = await startTestBackend();
  const started = performance.now();
  await generateScaleData(t.ctx.db, scale);
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  return { t, scale, how: `generated in ${secs}s` };
}

export async function benchDb(): Promise<BenchResult[]> {
  const { t, scale, how } = await open();
  try {
    const label = `${t.ctx.db.kind}, ${scale.users.toLocaleString('en')} users / ${scale.feedback.toLocaleString('en')} feedback (${how})`;
    let token = '';
    const client = createClient(t.url, t.anonKey, {
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
      },
      accessToken: async () => token,
      realtime: { transport: WebSocket as never },
    }) as unknown as Client;
    const tokenFor = (sub: string) =>
      t.ctx.jwt.sign(
        { sub, role: 'authenticated', aud: 'authenticated' },
        3600,
      );
    const as = (jwt: string, fn: () => Promise<unknown>) => async () => {
      token = jwt;
      await fn();
    };

    const ranked = (
      await t.ctx.db.query<{ n: number }>(
        'select coalesce(sum(users), 0)::int as n from private.leaderboard_buckets where points > 0',
      )
    ).rows[0]!.n;
    const lastPage = Math.max(1, Math.ceil(ranked / PAGE_SIZE));
    const middlePage = Math.ceil(lastPage / 2);
    // User 1 is the most active (the author skew); the middle user is typical.
    const busiest = await tokenFor(benchUserId(1));
    const middle = await tokenFor(benchUserId(Math.ceil(scale.users / 2)));
    const company = await tokenFor(benchUserId(scale.users + 9));
    const options = { warmup: 10, iterations: 200 };
    const read = async (name: string, fn: () => Promise<unknown>) => ({
      ...(await measure(name, fn, options)),
      target: READ_TARGET,
    });

    const myFeedbackCount = async (jwt: string) => {
      token = jwt;
      return (await listMyFeedback(client)).length;
    };
    const busiestCount = await myFeedbackCount(busiest);
    const middleCount = await myFeedbackCount(middle);
    const companyTotal = await (async () => {
      token = company;
      return (await listCompanyFeedback(client, { page: 1, pageSize: 20 }))
        .total;
    })();
    const companyPages = Math.max(1, Math.ceil(companyTotal / 20));

    const results: BenchResult[] = [
      await read(
        'leaderboard page 1',
        as(middle, () => getLeaderboard(client, 1, PAGE_SIZE)),
      ),
      await read(
        `leaderboard page ${middlePage} (middle)`,
        as(middle, () => getLeaderboard(client, middlePage, PAGE_SIZE)),
      ),
      await read(
        `leaderboard page ${lastPage} (last)`,
        as(middle, () => getLeaderboard(client, lastPage, PAGE_SIZE)),
      ),
      await read(
        'own rank (get_my_leaderboard_rank, middle user)',
        as(middle, async () =>
          unwrap(await client.rpc('get_my_leaderboard_rank')),
        ),
      ),
      await read(
        `company feed page 1 of ${companyPages} (get_company_feedback, 20 rows)`,
        as(company, () =>
          listCompanyFeedback(client, { page: 1, pageSize: 20 }),
        ),
      ),
      await read(
        `company feed page ${companyPages} (last)`,
        as(company, () =>
          listCompanyFeedback(client, { page: companyPages, pageSize: 20 }),
        ),
      ),
      await read(
        'company view allowance (get_company_view_allowance)',
        as(company, () => getViewAllowance(client)),
      ),
      await read(
        'company domain summary (get_company_domain_summary)',
        as(company, () => listDomainSummary(client)),
      ),
      await read(
        `user feed, busiest user (get_user_feedback, ${busiestCount} rows)`,
        as(busiest, () => listMyFeedback(client)),
      ),
      await read(
        `user feed, middle user (get_user_feedback, ${middleCount} rows)`,
        as(middle, () => listMyFeedback(client)),
      ),
    ];

    // #21: the inbox with each sort and triage filter, page 1.
    for (const [name, f] of [
      ['sorted by votes', { sort: 'votes' }],
      ['sorted by priority', { sort: 'priority' }],
      ['unassigned', { assignee: 'none' }],
      ['unanswered', { unanswered: true }],
    ] as const) {
      results.push({
        ...(await measure(
          `company inbox ${name} (get_company_inbox, 20 rows)`,
          as(company, () =>
            listCompanyFeedback(client, { page: 1, pageSize: 20, ...f }),
          ),
          options,
        )),
        target: INBOX_TARGET,
      });
    }
    // A thread: posts by four members (30 each per 10 minutes, 120 per
    // address), then loads of the grown thread.
    token = company;
    const threadOf = (
      await listCompanyFeedback(client, { page: 1, pageSize: 1 })
    ).rows[0]!.id;
    const companyId = (
      await t.ctx.db.query<{ company_id: string }>(
        'select company_id from public.company_members where user_id = $1',
        [benchUserId(scale.users + 9)],
      )
    ).rows[0]!.company_id;
    const posters = [company];
    for (let i = 1; i <= 3; i++) {
      const id = benchUserId(scale.users + 100 + i);
      await t.ctx.db.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, created_at, updated_at)
         values ($1, 'authenticated', 'authenticated', $2, now(), '{}', now(), now()) on conflict do nothing`,
        [id, `bench-member-${i}@bench.test`],
      );
      await t.ctx.db.query(
        `insert into public.company_members (company_id, user_id, role) values ($1, $2, 'member') on conflict do nothing`,
        [companyId, id],
      );
      posters.push(await tokenFor(id));
    }
    let posted = 0;
    const post = await measure(
      'post a question to the author (post_company_message)',
      async () => {
        token = posters[Math.floor(posted++ / 28) % posters.length]!;
        await postCompanyMessage(client, threadOf, `Bench question ${posted}?`);
      },
      { warmup: 10, iterations: SMOKE ? 20 : 100 },
    );
    results.push({ ...post, target: THREAD_TARGET });
    results.push({
      ...(await measure(
        'load a thread (get_company_thread)',
        as(company, () => getCompanyThread(client, threadOf)),
        options,
      )),
      target: THREAD_TARGET,
    });

    // Submit as the apps do (insert … returning, every trigger), one account
    // per submission (30 per 10 minutes each), on a site a company owns.
    const submitters = await Promise.all(
      Array.from({ length: SMOKE ? 4 : 210 }, (_, i) => {
        const n = 1 + ((Math.floor(scale.users / 3) + i) % scale.users);
        return tokenFor(benchUserId(n)).then((jwt) => ({
          id: benchUserId(n),
          jwt,
        }));
      }),
    );
    let next = 0;
    const submit = await measure(
      'submit feedback (insert with triggers, returning the row)',
      async () => {
        const who = submitters[next++ % submitters.length]!;
        token = who.jwt;
        await createFeedback(client, who.id, {
          title: `Bench submit ${next}`,
          description: 'The search box loses focus after the first letter.',
          category: 'bug',
          companyName: 'Site 9',
          websiteUrl: 'https://site9.test/search?q=x',
          screenshotPath: null,
          audioPath: null,
        });
      },
      { warmup: 10, iterations: 200 },
    );
    results.push({ ...submit, target: SUBMIT_TARGET });
    return results.map((r) => ({ ...r, notes: label }));
  } finally {
    await t.stop();
  }
}
