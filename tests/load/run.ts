// npm run test:load — simulated submitters against a spawned backend:
// 50 on PGlite, then 200 on the PostgreSQL of DATABASE_URL (when set). Each
// signs up once, then submits feedback in a loop the way the web app does
// (shared/data/feedback.ts createFeedback through supabase-js). Afterwards the
// database must hold exactly the rows and XP the clients saw confirmed, the
// only errors allowed are deliberate rate limits (429), and the backend's
// memory must stay stable. Exits non-zero on any violation.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import {
  DEMO_ANON_KEY,
  DEMO_SERVICE_ROLE_KEY,
} from '../../supabase/local/config.ts';
import { createFeedback } from '../../shared/data/feedback.ts';
import type { Client } from '../../shared/data/client.ts';
import { createTestClient } from '../support/backend.ts';
import { freshDatabase, kill, spawnBackend } from '../support/process.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

interface Submitter {
  id: string;
  confirmed: number;
  points: number;
}

interface Result {
  label: string;
  users: number;
  submissions: number;
  perSecond: number;
  rateLimited: number;
  errors: string[];
  mismatches: string[];
  rssWarmMb: number;
  rssPeakMb: number;
  rssFinalMb: number;
  p50Ms: number;
  p95Ms: number;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const LOAD_PASSWORD = 'a-long-load-test-passphrase';
/** bcrypt of LOAD_PASSWORD at cost 4, computed once in this process. */
const LOAD_HASH = bcrypt.hashSync(LOAD_PASSWORD, 4);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function run(
  label: string,
  users: number,
  databaseUrl: string,
): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'peega-load-'));
  const port = 21_000 + Math.floor(Math.random() * 10_000);
  const backend = await spawnBackend({
    PORT: String(port),
    PEEGA_PUBLIC_URL: `http://127.0.0.1:${port}`,
    PEEGA_DATA_DIR: dataDir,
    PEEGA_SEED: 'none',
    DATABASE_URL: databaseUrl,
    // Every simulated user connects from 127.0.0.1: lift the per-IP auth
    // limits as the test backends do (tests/support/backend.ts), and let each
    // user claim its own address through a trusted proxy, so the per-address
    // feedback limit sees 200 people, not one machine.
    PEEGA_RATE_LIMIT_TOKEN: '100000',
    PEEGA_RATE_LIMIT_REFRESH: '100000',
    PEEGA_TRUSTED_PROXIES: '127.0.0.1',
    // The submission path only: the AI, webhook and digest workers are
    // covered by their own tests and the fault suite.
    PEEGA_AI_WORKER: '0',
    PEEGA_WEBHOOK_WORKER: '0',
    PEEGA_DIGEST_WORKER: '0',
  });
  const pid = backend.child.pid!;
  const errors: string[] = [];
  let rateLimited = 0;
  const latencies: number[] = [];
  try {
    const run = randomBytes(3).toString('hex');
    // Accounts are created through the admin API with an imported bcrypt
    // hash of cost 4 (GoTrue accepts any bcrypt cost), so neither creating
    // them nor signing them in spends the backend's cost-10 bcrypt: the
    // run measures submissions, not password hashing. Batches of 50 in
    // parallel; sign-up itself is covered by the auth suites.
    const admin = createTestClient(
      backend.url,
      DEMO_SERVICE_ROLE_KEY,
    ) as unknown as Client;
    const submitters: (Submitter & { client: Client })[] = [];
    for (let i = 0; i < users; i += 50) {
      const wave = await Promise.all(
        Array.from({ length: Math.min(50, users - i) }, async (_, j) => {
          const email = `load-${run}-${i + j}@example.net`;
          const created = await admin.auth.admin.createUser({
            email,
            password_hash: LOAD_HASH,
            email_confirm: true,
          });
          if (created.error)
            throw new Error(`create ${i + j}: ${created.error.message}`);
          // A benchmarking-range address per user (198.18.0.0/15): only a
          // header, never contacted.
          const n = i + j;
          const client = createTestClient(backend.url, DEMO_ANON_KEY, {
            'X-Forwarded-For': `198.18.${n >> 8}.${n & 255}`,
          }) as unknown as Client;
          const { data, error } = await client.auth.signInWithPassword({
            email,
            password: LOAD_PASSWORD,
          });
          if (error || !data.user || !data.session)
            throw new Error(
              `sign-in ${i + j}: ${error?.message ?? 'no session'}`,
            );
          return { id: data.user.id, confirmed: 0, points: 0, client };
        }),
      );
      submitters.push(...wave);
    }
    const rss: number[] = [];
    const start = Date.now();
    const end = start + SECONDS * 1000;
    let warm = 0;
    const sampler = setInterval(() => {
      const v = rssOf(pid);
      rss.push(v);
      if (!warm && Date.now() - start >= Math.min(10_000, SECONDS * 250))
        warm = v;
    }, 1000);
    await Promise.all(
      submitters.map(async (s, n) => {
        let i = 0;
        while (Date.now() < end) {
          i += 1;
          const t0 = performance.now();
          try {
            const row = await createFeedback(s.client, s.id, {
              title: `Load ${n}.${i}`,
              description: `Submission ${i} of simulated user ${n}: the button does nothing.`,
              companyName: 'Load Test',
              websiteUrl: `https://load${n % 10}.example.net/page/${i}`,
              category: i % 2 ? 'bug' : 'feature',
              screenshotPath: null,
              audioPath: null,
            });
            latencies.push(performance.now() - t0);
            s.confirmed += 1;
            s.points += row.points_awarded;
          } catch (e) {
            // The deliberate limit: 30 feedback per account in 10 minutes
            // (PT429 → HTTP 429); the simulated user then waits a little.
            const { status, code } = e as { status?: number; code?: string };
            if (status === 429 || code === 'PT429') {
              rateLimited += 1;
              await new Promise((r) => setTimeout(r, 1000));
            } else errors.push(`${n}.${i}: ${(e as Error).message}`);
          }
        }
      }),
    );
    clearInterval(sampler);
    const elapsed = (Date.now() - start) / 1000;
    // What the database holds, read as the service role.
    const service = createTestClient(backend.url, DEMO_SERVICE_ROLE_KEY);
    const mismatches: string[] = [];
    for (const s of submitters) {
      const rows = await service
        .from('feedback')
        .select('points_awarded')
        .eq('user_id', s.id)
        .range(0, 9999);
      const stats = await service
        .from('user_stats')
        .select('total_points, feedback_count')
        .eq('user_id', s.id)
        .single();
      const ledger = await service
        .from('user_points')
        .select('points')
        .eq('user_id', s.id)
        .range(0, 9999);
      const list = (rows.data ?? []) as { points_awarded: number }[];
      const sum = list.reduce((a, r) => a + r.points_awarded, 0);
      const ledgerSum = ((ledger.data ?? []) as { points: number }[]).reduce(
        (a, r) => a + r.points,
        0,
      );
      const st = stats.data as {
        total_points: number;
        feedback_count: number;
      } | null;
      if (list.length !== s.confirmed)
        mismatches.push(
          `${s.id}: ${list.length} rows, ${s.confirmed} confirmed`,
        );
      if (sum !== s.points)
        mismatches.push(`${s.id}: ${sum} XP on rows, ${s.points} confirmed`);
      if (st?.total_points !== ledgerSum || st.total_points !== s.points)
        mismatches.push(
          `${s.id}: total_points ${st?.total_points}, ledger ${ledgerSum}, confirmed ${s.points}`,
        );
      if (st?.feedback_count !== s.confirmed)
        mismatches.push(
          `${s.id}: feedback_count ${st?.feedback_count}, confirmed ${s.confirmed}`,
        );
    }
    const submissions = submitters.reduce((a, s) => a + s.confirmed, 0);
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      label,
      users,
      submissions,
      perSecond: Math.round((submissions / elapsed) * 10) / 10,
      rateLimited,
      errors,
      mismatches,
      rssWarmMb: Math.round(warm || rss[0] || 0),
      rssPeakMb: Math.round(Math.max(...rss, 0)),
      rssFinalMb: Math.round(rss.at(-1) ?? 0),
      p50Ms: Math.round(pct(sorted, 0.5)),
      p95Ms: Math.round(pct(sorted, 0.95)),
    };
  } finally {
    await kill(backend.child, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Memory is stable when the final RSS is at most this factor of the warm one. */
const RSS_FACTOR = 1.5;

const results: Result[] = [];
results.push(
  await run('PGlite', Number(process.env.LOAD_USERS_PGLITE ?? 50), ''),
);
if (process.env.DATABASE_URL) {
  const db = await freshDatabase(process.env.DATABASE_URL, 'peega_load');
  try {
    results.push(
      await run('PostgreSQL', Number(process.env.LOAD_USERS_PG ?? 200), db.url),
    );
  } finally {
    await db.drop();
  }
}

let failed = false;
console.log(`\nLoad: ${SECONDS} s of simulated submitters per database`);
for (const r of results) {
  const stable = r.rssFinalMb <= r.rssWarmMb * RSS_FACTOR;
  console.log(
    `${r.label}: ${r.users} users, ${r.submissions} submissions (${r.perSecond}/s), ` +
      `p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, ${r.rateLimited} rate-limited, ` +
      `${r.errors.length} errors, ${r.mismatches.length} mismatches; ` +
      `RSS warm ${r.rssWarmMb} MB, peak ${r.rssPeakMb} MB, final ${r.rssFinalMb} MB ` +
      `(${stable ? 'stable' : 'GROWING'})`,
  );
  for (const e of r.errors.slice(0, 10)) console.log(`  error ${e}`);
  for (const m of r.mismatches.slice(0, 10)) console.log(`  mismatch ${m}`);
  if (r.errors.length || r.mismatches.length || !stable || !r.submissions)
    failed = true;
}
process.exit(failed ? 1 : 0);
