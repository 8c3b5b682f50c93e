import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../supabase/local/db/migrate.ts';
import { openPostgres } from '../../../supabase/local/db/postgres.ts';
import type { Db } from '../../../supabase/local/db/types.ts';
import {
  serverWithExtension,
  startPgCluster,
  type PgCluster,
} from '../../support/pg-cluster.ts';

// Issue #24 item 3: on hosted Supabase the job functions are started by
// pg_cron schedules and by database webhooks through pg_net, created by the
// migrations where those extensions exist. A PostgreSQL of this test's own
// with Debian's pg_cron preloaded (the shared one cannot be restarted) gets
// the migrations; pg_net is not packaged, so a stand-in net.http_post
// records the calls it would send. It brings its own server, so it runs in
// the first pass of the backend suites only (scripts/test-db.ts --secondary).
const bin = serverWithExtension('pg_cron');
const DB = 'jobs_w24';
let cluster: PgCluster;
let db: Db;

const rows = async <T>(sql: string, params: unknown[] = []) =>
  (await db.query<T>(sql, params)).rows;

describe.skipIf(!bin || process.env.PEEGA_TEST_PASS === 'secondary')(
  'hosted job triggers',
  () => {
    beforeAll(async () => {
      cluster = await startPgCluster(bin!, {
        shared_preload_libraries: 'pg_cron',
        'cron.database_name': DB,
        // Jobs run in background workers: no connection or password needed.
        'cron.use_background_workers': 'on',
        max_worker_processes: '16',
      });
      const admin = new pg.Client({
        connectionString: cluster.url('postgres'),
      });
      await admin.connect();
      await admin.query(`create database ${DB}`);
      await admin.end();
      db = await openPostgres(cluster.url(DB));
      await migrate(db, {
        migrationsDir: path.resolve('supabase/migrations'),
        seed: false,
      });
    }, 120_000);

    afterAll(async () => {
      await db?.close();
      cluster?.stop();
    });

    it('the migration schedules the job functions with pg_cron', async () => {
      expect(
        await rows(
          `select jobname, schedule, command from cron.job order by jobname`,
        ),
      ).toEqual([
        {
          jobname: 'peega-deliver-webhooks',
          schedule: '* * * * *',
          command: `select private.invoke_job_function('deliver-webhooks', '{}')`,
        },
        {
          jobname: 'peega-process-feedback',
          schedule: '* * * * *',
          command: `select private.invoke_job_function('process-feedback', '{"queue": "feedback_processing"}')`,
        },
        {
          jobname: 'peega-run-trials',
          schedule: '* * * * *',
          command: `select private.invoke_job_function('run-trials', '{}')`,
        },
        {
          jobname: 'peega-send-digests',
          schedule: '7 * * * *',
          command: `select private.invoke_job_function('send-digests', '{}')`,
        },
        {
          jobname: 'peega-send-invitations',
          schedule: '* * * * *',
          command: `select private.invoke_job_function('send-invitations', '{}')`,
        },
        {
          jobname: 'peega-send-message-emails',
          schedule: '* * * * *',
          command: `select private.invoke_job_function('send-message-emails', '{}')`,
        },
        {
          jobname: 'peega-send-owner-joined-emails',
          schedule: '* * * * *',
          command: `select private.invoke_job_function('send-owner-joined-emails', '{}')`,
        },
        {
          jobname: 'peega-send-topic-emails',
          schedule: '* * * * *',
          command: `select private.invoke_job_function('send-topic-emails', '{}')`,
        },
        {
          jobname: 'peega-send-weekly-summaries',
          schedule: '17 * * * 1',
          command: `select private.invoke_job_function('send-weekly-summaries', '{}')`,
        },
      ]);
      // No pg_net here: no database webhooks, and calls are no-ops.
      expect(
        await rows(
          `select tgname from pg_trigger where tgname like '%_call_%'`,
        ),
      ).toEqual([]);
    });

    it('with pg_net, queued jobs call their function as the service role; pg_cron runs the schedule', async () => {
      // The stand-in: pg_net's signature, recording instead of sending.
      await db.exec(`
      create schema net;
      create table net.calls (id bigint generated always as identity, url text, body jsonb, headers jsonb, at timestamptz default clock_timestamp());
      create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
          headers jsonb default '{}', timeout_milliseconds integer default 5000)
        returns bigint language sql as $$
          insert into net.calls (url, body, headers) values (url, body, headers) returning id $$;
      insert into private.settings (key, value) values
        ('project_url', 'https://ref.supabase.test'), ('service_role_key', 'service-key');`);
      expect(
        await rows(`select private.install_background_jobs() as done`),
      ).toEqual([{ done: ['pg_net triggers', 'pg_cron schedules'] }]);
      // Schedules run since the migration; a run before the stand-in and the
      // settings existed was a no-op, so only later runs count.
      const since = (
        await rows<{ at: Date }>('select clock_timestamp() as at')
      )[0]!.at;

      const user = randomUUID();
      await db.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email"}', '{}', now(), now())`,
        [user, `${user}@example.net`],
      );
      await db.query(
        `insert into public.feedback (user_id, title, description, category, company_name)
       values ($1, 'Search is slow', 'Search takes ten seconds.', 'bug', 'Acme')`,
        [user],
      );
      const calls = await rows<{
        url: string;
        body: unknown;
        headers: Record<string, string>;
      }>('select url, body, headers from net.calls order by id');
      expect(calls).toEqual([
        {
          url: 'https://ref.supabase.test/functions/v1/process-feedback',
          body: { queue: 'feedback_processing' },
          headers: {
            'content-type': 'application/json',
            authorization: 'Bearer service-key',
          },
        },
      ]);

      // An author e-mail due now (#21) calls send-message-emails; one the
      // throttle delays waits for the schedule.
      const [company] = await rows<{ id: string }>(
        `insert into public.companies (user_id, email, company_name, domain)
       values ($1, $2, 'Acme', 'acme.test') returning id`,
        [user, `${user}@example.net`],
      );
      await db.query(
        `insert into private.company_message_emails (feedback_id, company_id, first_message_at, last_message_at, run_after)
       select f.id, $1, now(), now(), now() + interval '10 minutes' from public.feedback f`,
        [company!.id],
      );
      await db.query(`delete from private.company_message_emails`);
      await db.query(
        `insert into private.company_message_emails (feedback_id, company_id, first_message_at, last_message_at)
       select f.id, $1, now(), now() from public.feedback f`,
        [company!.id],
      );
      expect(
        (
          await rows<{ url: string }>('select url from net.calls order by id')
        ).map((c) => c.url),
      ).toEqual([
        'https://ref.supabase.test/functions/v1/process-feedback',
        'https://ref.supabase.test/functions/v1/send-message-emails',
      ]);

      // A contributor's "completed" e-mail (#22) calls send-topic-emails.
      const [topic] = await rows<{ id: string }>(
        `insert into public.feedback_topics (company_id, title) values ($1, 'Slow search') returning id`,
        [company!.id],
      );
      await db.query(
        `insert into private.topic_completion_notices (topic_id, user_id, title) values ($1, $2, 'Slow search')`,
        [topic!.id, user],
      );
      await db.query(
        `insert into private.topic_completion_emails (topic_id, user_id) values ($1, $2)`,
        [topic!.id, user],
      );
      expect(
        (await rows<{ url: string }>('select url from net.calls order by id'))
          .map((c) => c.url)
          .at(-1),
      ).toBe('https://ref.supabase.test/functions/v1/send-topic-emails');

      // pg_cron itself runs the every-minute schedules (its smallest step).
      // The hourly digest (minute 7) and, on Mondays, the weekly summary
      // (minute 17) run too when the wait crosses that minute, so only the
      // every-minute jobs are compared.
      const deadline = Date.now() + 75_000;
      let ran: { jobname: string; status: string }[] = [];
      while (Date.now() < deadline) {
        ran = await rows(
          `select j.jobname, d.status from cron.job_run_details d join cron.job j using (jobid)
          where d.status in ('succeeded', 'failed') and j.schedule = '* * * * *'
            and d.start_time > $1
          order by j.jobname`,
          [since],
        );
        if (ran.length >= 7) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      expect(ran).toEqual([
        { jobname: 'peega-deliver-webhooks', status: 'succeeded' },
        { jobname: 'peega-process-feedback', status: 'succeeded' },
        { jobname: 'peega-run-trials', status: 'succeeded' },
        { jobname: 'peega-send-invitations', status: 'succeeded' },
        { jobname: 'peega-send-message-emails', status: 'succeeded' },
        { jobname: 'peega-send-owner-joined-emails', status: 'succeeded' },
        { jobname: 'peega-send-topic-emails', status: 'succeeded' },
      ]);
      expect(
        (await rows<{ url: string }>('select url from net.calls order by id'))
          .map((c) =>
            c.url.replace('https://ref.supabase.test/functions/v1/', ''),
          )
          .filter(
            (name) =>
              name !== 'send-digests' && name !== 'send-weekly-summaries',
          )
          .sort(),
      ).toEqual([
        'deliver-webhooks',
        'process-feedback',
        'process-feedback',
        'run-trials',
        'send-invitations',
        'send-message-emails',
        'send-message-emails',
        'send-owner-joined-emails',
        'send-topic-emails',
        'send-topic-emails',
      ]);
    }, 120_000);
  },
);
