// Database bench: the hot reads and the feedback insert on a large data set,
// each run as PostgREST runs it (one transaction with role authenticated and
// the JWT claims). On PostgreSQL (DATABASE_URL) 100,000 users and 1,000,000
// feedback; on PGlite 5,000 and 50,000. The data is generated set-wise with
// per-row triggers off (session_replication_role = replica), then the stats
// the triggers would keep are computed set-wise.
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { measure } from './measure.ts';
import type { BenchResult } from './types.ts';

export interface Scale {
  users: number;
  feedback: number;
  sites: number;
  companies: number;
  iterations: number;
}

export const POSTGRES: Scale = {
  users: 100_000,
  feedback: 1_000_000,
  sites: 1_000,
  companies: 200,
  iterations: 200,
};
const PGLITE: Scale = {
  users: 5_000,
  feedback: 50_000,
  sites: 1_000,
  companies: 200,
  iterations: 100,
};

/** Deterministic ids: users 1…n, companies' users after them. */
const userId = (n: number) =>
  `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export async function generate(
  t: Pick<TestBackend, 'ctx'>,
  s: Scale,
): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    const id = `('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid`;
    await tx.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at,
         raw_user_meta_data, created_at, updated_at)
       select ${id}, 'authenticated', 'authenticated', 'bench' || n || '@bench.test',
              now(), '{}', now(), now()
         from generate_series(1, $1::int + $2::int) n`,
      [s.users, s.companies],
    );
    await tx.query(
      `insert into public.profiles (id, email, nickname, referral_code)
       select ${id}, 'bench' || n || '@bench.test', 'bench_' || n,
              upper(substr(md5(n::text), 1, 12))
         from generate_series(1, $1::int + $2::int) n`,
      [s.users, s.companies],
    );
    // Feedback spread over a year, 1,000 sites (some on subdomains), users
    // with uneven activity so the leaderboard has a long tail.
    await tx.query(
      `insert into public.feedback (user_id, user_email, title, description,
         raw_description, category, company_name, website_url, website_host,
         quality_score, quality_source, points_awarded, ai_processed_at,
         created_at, updated_at)
       select u.id, null, 'Feedback ' || g, 'Generated description ' || g,
              'Generated description ' || g,
              (array['bug', 'feature', 'improvement', 'other'])[1 + g % 4],
              'Site ' || g % $3::int,
              'https://' || h.host || '/page/' || g, h.host,
              1 + g % 5, 'ai', 5, now(),
              now() - make_interval(days => g % 365, secs => g % 86400),
              now() - make_interval(days => g % 365, secs => g % 86400)
         from generate_series(1, $1::int) g
        cross join lateral (
          select ('00000000-0000-4000-8000-' ||
                  lpad(to_hex(1 + ((g::bigint * 2654435761) % (1 + g % $2::int))::int), 12, '0'))::uuid as id
        ) u
        cross join lateral (
          select case when g % 10 = 0 then 'app.' else '' end
                 || 'site' || (g % $3::int) || '.test' as host
        ) h`,
      [s.feedback, s.users, s.sites],
    );
    await tx.query(
      `insert into public.user_stats (user_id, total_points, current_level, reputation,
         feedback_count, bug_count, feature_count, quality_score_sum, last_feedback_day,
         current_streak, longest_streak)
       select p.id, coalesce(a.points, 0), private.level_for_points(coalesce(a.points, 0)),
              private.compute_reputation(coalesce(a.n, 0)::int, coalesce(a.quality, 0),
                0, 0, coalesce(a.points, 0)::int),
              coalesce(a.n, 0), coalesce(a.bugs, 0), coalesce(a.features, 0),
              coalesce(a.quality, 0), a.last_day, least(coalesce(a.n, 0), 1),
              least(coalesce(a.n, 0), 1)
         from public.profiles p
         left join (
           select f.user_id, count(*)::int as n, sum(f.points_awarded)::int + 10 as points,
                  count(*) filter (where f.category = 'bug')::int as bugs,
                  count(*) filter (where f.category = 'feature')::int as features,
                  sum(f.quality_score)::bigint as quality,
                  max((f.created_at at time zone 'UTC')::date) as last_day
             from public.feedback f group by f.user_id
         ) a on a.user_id = p.id`,
    );
    await tx.query(
      `insert into private.leaderboard_buckets (points, stripe, users)
       select s.total_points, (abs(hashtext(s.user_id::text)) % 16)::smallint, count(*)
         from public.user_stats s where s.total_points > 0 group by 1, 2`,
    );
    await tx.query(
      `insert into private.feedback_sites (site, feedback_count)
       select f.website_host, count(*) from public.feedback f group by 1`,
    );
    await tx.query(
      `insert into public.companies (id, user_id, email, company_name, domain, domains)
       select gen_random_uuid(), ${id}, 'bench' || n || '@bench.test', 'Company ' || k,
              'site' || k || '.test', array['site' || k || '.test']
         from generate_series($1::int + 1, $1::int + $2::int) n
        cross join lateral (select n - $1::int - 1 as k) c`,
      [s.users, s.companies],
    );
    await tx.query(
      `insert into public.company_subscriptions (company_id, subscription_type, features)
       select c.id, 'advanced', '{"filtering": true, "unlimited_views": true}'
         from public.companies c`,
    );
    await tx.query(
      `insert into public.company_domains (company_id, domain)
       select c.id, c.domains[1] from public.companies c`,
    );
  });
  if (t.ctx.db.kind === 'postgres') {
    await t.ctx.db.exec('vacuum analyze');
  } else {
    await t.ctx.db.exec('analyze');
  }
}

/** Runs `sql` as PostgREST would for the signed-in user `sub`. */
function asUser(t: TestBackend, sub: string, sql: string, params: unknown[]) {
  return t.ctx.db.transaction((tx) => tx.query(sql, params), {
    role: 'authenticated',
    settings: {
      'request.jwt.claims': JSON.stringify({ sub, role: 'authenticated' }),
    },
  });
}

export async function benchDb(): Promise<BenchResult[]> {
  const t = await startTestBackend();
  const s = t.ctx.db.kind === 'postgres' ? POSTGRES : PGLITE;
  const label = `${t.ctx.db.kind}, ${s.users.toLocaleString('en')} users / ${s.feedback.toLocaleString('en')} feedback`;
  try {
    const started = performance.now();
    await generate(t, s);
    const generatedIn = Math.round((performance.now() - started) / 1000);
    const { rows } = await t.ctx.db.query<{ ranked: number }>(
      'select count(*)::int as ranked from public.user_stats where total_points > 0',
    );
    const ranked = rows[0]?.ranked ?? 0;
    const pageSize = 10;
    const lastPage = Math.max(1, Math.ceil(ranked / pageSize));
    const viewer = userId(Math.floor(s.users / 2));
    const company = userId(s.users + 8);
    const options = { warmup: 10, iterations: s.iterations };
    const notes = `${label}; generated in ${generatedIn}s; SQL as PostgREST runs it`;

    const leaderboard = (page: number) => () =>
      asUser(t, viewer, 'select * from public.get_leaderboard($1, $2)', [
        page,
        pageSize,
      ]);
    let n = 0;
    const results = [
      await measure('get_leaderboard page 1', leaderboard(1), options),
      await measure(
        `get_leaderboard page ${Math.ceil(lastPage / 2)} (middle)`,
        leaderboard(Math.ceil(lastPage / 2)),
        options,
      ),
      await measure(
        `get_leaderboard page ${lastPage} (last)`,
        leaderboard(lastPage),
        options,
      ),
      await measure(
        'get_my_leaderboard_rank (middle user)',
        () =>
          asUser(
            t,
            viewer,
            'select * from public.get_my_leaderboard_rank()',
            [],
          ),
        options,
      ),
      await measure(
        'get_company_feedback page 1 (20 rows)',
        () =>
          asUser(
            t,
            company,
            'select * from public.get_company_feedback($1, $2)',
            [1, 20],
          ),
        options,
      ),
      await measure(
        'feedback insert with triggers',
        () => {
          n += 1;
          return asUser(
            t,
            userId(1 + (n % 1000)),
            `insert into public.feedback (title, description, company_name, website_url)
             values ($1, 'Bench insert', 'Site 8', 'https://app.site8.test/x')
             returning points_awarded`,
            [`Bench ${n}`],
          );
        },
        options,
      ),
    ];
    return results.map((r) => ({ ...r, notes }));
  } finally {
    await t.stop();
  }
}
