import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

// The checks of Supabase's database linter, over the whole schema: a new
// table without RLS, a definer function with a mutable search_path, or a
// function the API roles can suddenly execute fails here.
let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

const APP_SCHEMAS = ['public', 'private'];

async function names(sql: string, params: unknown[] = []): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ name: string }>(sql, params);
  return rows.map((r) => r.name).sort();
}

/** Functions anon may execute: pure or public read-only helpers. */
const ANON_FUNCTIONS = [
  'private.level_for_points',
  'public.compute_level',
  'public.get_article_like_count',
  'public.get_community_stats',
  // Issue #21: what an invitation link is for (the token is the key).
  'public.get_company_invitation',
  // Issue #22: a company's "You said, we did" page (published fields only).
  'public.get_public_changes',
  // #35: how much feedback waits for a domain (counts only, rate limited).
  'public.get_domain_claim',
  'public.unlike_article_anonymously',
];

/** Functions signed-in users may execute: the RPC surface and policy helpers. */
const AUTHENTICATED_FUNCTIONS = [
  'private.company_can_read_media',
  'private.company_event_visible',
  'private.current_company_admin_id',
  'private.current_company_id',
  // Issue #21: the caller's role in their company, for role-keyed policies.
  'private.current_company_role',
  'private.current_upload_folder',
  'private.is_blog_admin',
  'private.level_for_points',
  // Storage policy helper of the per-file upload folders (security review L5).
  'private.may_upload_media_to',
  // Issue #26: the shape check of feedback.technical_context (a CHECK
  // constraint runs it as the inserting author); pure, reads nothing.
  'private.technical_context_valid',
  // Issue #21: invitations, members and seats (roles checked inside).
  'public.accept_company_invitation',
  'public.add_feedback_note',
  // Issue #22: tracker hand-off (owner/admin for the settings, any member
  // for an issue; the integrations function asks these with the caller's JWT).
  'public.authorize_integration_admin',
  'public.can_view_feedback',
  'public.change_company_member_role',
  // Issue #19 item 17: is a domain claimed by another company? No figures.
  'public.check_company_domain',
  'public.check_profile_completion',
  'public.claim_reward',
  'public.compute_level',
  'public.create_company_webhook',
  'public.disconnect_company_integration',
  'public.get_all_feedback_view_counts',
  'public.get_article_like_count',
  'public.get_community_stats',
  'public.get_company_domain_summary',
  'public.get_company_domains',
  'public.get_company_feedback',
  'public.get_company_feedback_detail',
  // Issue #19 item 20: the hosts the domain filter offers.
  'public.get_company_feedback_hosts',
  'public.get_company_invitation',
  'public.get_company_invitations',
  'public.get_company_members',
  'public.get_company_seats',
  'public.get_company_inbox',
  'public.get_company_integrations',
  // Issue #22: Insights and the member's own weekly summary choice.
  'public.get_company_insights',
  'public.get_weekly_summary',
  'public.set_weekly_summary',
  'public.get_company_thread',
  'public.get_company_view_allowance',
  'public.get_daily_feedback_views',
  'public.get_domain_verification_target',
  'public.get_feedback_triage',
  'public.get_feedback_view_count',
  'public.get_feedback_with_votes',
  'public.get_leaderboard',
  'public.get_my_leaderboard_rank',
  'public.get_my_upload_folder',
  'public.get_my_referrals',
  'public.get_public_changes',
  'public.get_similar_feedback',
  'public.get_user_feedback',
  'public.get_user_feedback_view_counts',
  'public.get_viewed_feedback_export',
  'public.invite_company_member',
  'public.mark_badges_celebrated',
  'public.mark_thread_read',
  'public.post_author_reply',
  'public.post_company_message',
  'public.prepare_tracker_issue',
  // #40 item 20: any member previews their company's weekly summary.
  'public.preview_weekly_summary',
  'public.process_referral_signup',
  // #40 item 17: the extension's one-time code for the web app.
  'public.create_session_handover',
  // Issue #22: publish a completed topic (members), the page's address (owner/admin).
  'public.publish_topic',
  'public.rate_feedback',
  'public.record_feedback_view',
  // Issue #20: the company form of a signed-in account.
  'public.register_company',
  'public.remove_company_member',
  'public.request_domain_verification',
  'public.reset_daily_feedback_views',
  'public.revoke_company_invitation',
  'public.save_blog_article',
  'public.set_feedback_assignee',
  'public.set_feedback_priority',
  'public.set_public_page',
  'public.unpublish_topic',
  'public.set_integration_complete_on_close',
  'public.update_feedback_status',
  'public.update_feedback_statuses',
  // #22 topics (member RPCs and the author's count).
  'public.add_topic_items',
  'public.create_topic',
  'public.dismiss_topic_proposal',
  'public.get_company_topics',
  'public.get_feedback_topic',
  'public.get_my_topic_counts',
  'public.get_topic',
  'public.get_topic_proposals',
  'public.merge_topics',
  'public.remove_topic_items',
  'public.rename_topic',
  'public.set_topic_status',
  'public.split_topic',
  // #35: waiting feedback — a domain's claim, the author's waiting sites,
  // the blog admins' list of domains to invite.
  'public.get_domain_claim',
  'public.get_my_waiting_sites',
  'public.get_waiting_domains',
  // #35: the trial (owner starts it), the plan card, the owner's seat picks.
  'public.get_company_plan',
  'public.set_member_seat',
  'public.start_trial',
  // #35 billing: the owner's billing account, for the billing function.
  'public.get_billing_account',
];

/** Server-only functions: the service role, never a client role. */
const SERVICE_ONLY_FUNCTIONS = [
  'public.apply_feedback_analysis',
  'public.award_points',
  // Issue #24: the job functions claim and finish queued jobs.
  'public.claim_background_jobs',
  // Issue #22: the tracker functions' secrets and links.
  'public.close_tracker_issue',
  'public.confirm_domain_verification',
  // Issue #23: what the AI step reads (registered company name).
  'public.feedback_ai_input',
  'public.finish_background_job',
  // Issue #21: the content of an author e-mail, for send-message-emails.
  'public.get_company_message_email',
  // Issue #22: the content of a "completed" e-mail, for send-topic-emails.
  'public.get_topic_completion_email',
  'public.get_integration_credentials',
  'public.get_webhook_delivery',
  // Issue #22: the weekly summary's content and queue, for send-weekly-summaries.
  'public.get_weekly_summary_email',
  'public.mark_linkedin_verified',
  'public.record_issue_link',
  'public.queue_weekly_summaries',
  'public.record_linkedin_verification',
  // #40 item 17: session-handover spends the one-time code.
  'public.redeem_session_handover',
  'public.record_webhook_response',
  'public.save_company_integration',
  'public.save_integration_webhook_secret',
  'public.take_company_digests',
  // #22: the AI job's topic proposals.
  'public.record_topic_placement',
  'public.topic_candidates',
  // #35: the trial's clock and its e-mails, for run-trials.
  'public.advance_trials',
  'public.get_trial_email',
  // #35: the "owner joined" e-mail, for send-owner-joined-emails.
  'public.get_owner_joined_email',
  // #35 billing: the Stripe webhook's writer and the grace's end.
  'public.apply_stripe_event',
  'public.end_billing_grace',
  'public.set_stripe_customer',
];

/** Tables whose changes are published to realtime subscribers. */
const REALTIME_TABLES = [
  'public.company_feedback_events',
  'public.company_feedback_views',
  'public.feedback',
  'public.feedback_activity',
  'public.feedback_messages',
  'public.feedback_report_counts',
  'public.feedback_votes',
  'public.notifications',
  'public.user_badges',
];

describe('catalogue', () => {
  it('every table of the app schemas has row level security', async () => {
    expect(
      await names(
        `select n.nspname || '.' || c.relname as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and n.nspname = any($1) and not c.relrowsecurity`,
        [APP_SCHEMAS],
      ),
    ).toEqual([]);
  });

  it('every table has a primary key', async () => {
    expect(
      await names(
        `select n.nspname || '.' || c.relname as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind = 'r' and n.nspname = any($1)
            and not exists (select 1 from pg_constraint k
                             where k.conrelid = c.oid and k.contype = 'p')`,
        [APP_SCHEMAS],
      ),
    ).toEqual([]);
  });

  it('every function of the app schemas has a fixed, empty search_path', async () => {
    expect(
      await names(
        `select n.nspname || '.' || p.proname as name
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = any($1)
            and not coalesce('search_path=""' = any(p.proconfig), false)`,
        [APP_SCHEMAS],
      ),
    ).toEqual([]);
  });

  it('no function is executable by PUBLIC', async () => {
    expect(
      await names(
        `select n.nspname || '.' || p.proname as name
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = any($1)
            and exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                         where a.grantee = 0 and a.privilege_type = 'EXECUTE')`,
        [APP_SCHEMAS],
      ),
    ).toEqual([]);
  });

  it.each([
    ['anon', ANON_FUNCTIONS],
    ['authenticated', AUTHENTICATED_FUNCTIONS],
  ] as const)(
    '%s executes exactly the allowlisted functions',
    async (role, allow) => {
      expect(
        await names(
          `select distinct n.nspname || '.' || p.proname as name
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = any($1) and has_function_privilege($2, p.oid, 'EXECUTE')`,
          [APP_SCHEMAS, role],
        ),
      ).toEqual([...allow].sort());
    },
  );

  it('server-only functions are granted to the service role only', async () => {
    const rows = await names(
      `select distinct n.nspname || '.' || p.proname as name
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname || '.' || p.proname = any($1)
          and has_function_privilege('service_role', p.oid, 'EXECUTE')
          and not has_function_privilege('anon', p.oid, 'EXECUTE')
          and not has_function_privilege('authenticated', p.oid, 'EXECUTE')`,
      [SERVICE_ONLY_FUNCTIONS],
    );
    expect(rows).toEqual([...SERVICE_ONLY_FUNCTIONS].sort());
  });

  it('the API roles hold no privilege on private tables', async () => {
    expect(
      await names(
        `select c.relname || ':' || r.rolname as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           cross join pg_roles r
          where n.nspname = 'private' and c.relkind = 'r'
            and r.rolname in ('anon', 'authenticated')
            and (has_table_privilege(r.oid, c.oid, 'SELECT')
                 or has_table_privilege(r.oid, c.oid, 'INSERT')
                 or has_table_privilege(r.oid, c.oid, 'UPDATE')
                 or has_table_privilege(r.oid, c.oid, 'DELETE'))`,
      ),
    ).toEqual([]);
  });

  it('policies call auth functions through (select …) so they run once', async () => {
    const { rows } = await t.ctx.db.query<{ name: string; expr: string }>(
      `select schemaname || '.' || tablename || ': ' || policyname as name,
              coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr
         from pg_policies where schemaname in ('public', 'private', 'storage')`,
    );
    const bare = rows.filter(({ expr }) =>
      /auth\.(uid|jwt|role|email)\(\)|private\.(is_blog_admin|current_company_id|current_company_admin_id|current_upload_folder)\(\)/.test(
        expr.replace(
          /\(\s*SELECT\s+\(?(auth\.(uid|jwt|role|email)|private\.(is_blog_admin|current_company_id|current_company_admin_id|current_upload_folder))\(\)\)?(::\w+)?(\s+AS\s+\w+)?\s*\)/gi,
          '',
        ),
      ),
    );
    expect(bare.map((r) => r.name)).toEqual([]);
  });

  it('every foreign key is covered by an index', async () => {
    expect(
      await names(
        `select c.conrelid::regclass::text || '(' ||
                array_to_string(array(select a.attname from unnest(c.conkey) k
                  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k), ',') || ')' as name
           from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where c.contype = 'f' and n.nspname = any($1)
            and not exists (
              select 1 from pg_index i
               where i.indrelid = c.conrelid
                 and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] @> c.conkey
                 and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] <@ c.conkey)`,
        [APP_SCHEMAS],
      ),
    ).toEqual([]);
  });

  it('realtime publishes exactly the tables subscribers may read whole', async () => {
    expect(
      await names(
        `select schemaname || '.' || tablename as name
           from pg_publication_tables where pubname = 'supabase_realtime'`,
      ),
    ).toEqual([...REALTIME_TABLES].sort());
  });

  it('default privileges give new functions to nobody', async () => {
    await t.ctx.db.exec(
      'create function public.catalogue_probe() returns int language sql as $$ select 1 $$',
    );
    try {
      const { rows } = await t.ctx.db.query<{ anon: boolean; authed: boolean }>(
        `select has_function_privilege('anon', 'public.catalogue_probe()', 'EXECUTE') as anon,
                has_function_privilege('authenticated', 'public.catalogue_probe()', 'EXECUTE') as authed`,
      );
      expect(rows).toEqual([{ anon: false, authed: false }]);
    } finally {
      await t.ctx.db.exec('drop function public.catalogue_probe()');
    }
  });
});
