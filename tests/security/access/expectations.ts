import { MATRIX_ROLES, type MatrixRole } from '../support.ts';
import type { Cell } from './cell.ts';
import type { TableProbe } from './observe.ts';

/**
 * One cell per role, in the order
 *   anon  consumerA  consumerB  companyX  companyY  admin
 * as letters a (allow), o (own), d (deny), e.g. 'd o o o o o'.
 */
export type Cells = string;

const LETTER: Record<string, Cell> = { a: 'allow', o: 'own', d: 'deny' };

export function cells(spec: Cells): Record<MatrixRole, Cell> {
  const letters = spec.split(' ');
  if (letters.length !== MATRIX_ROLES.length)
    throw new Error(`six cells expected: '${spec}'`);
  return Object.fromEntries(
    MATRIX_ROLES.map((role, i) => [role, LETTER[letters[i]!]!]),
  ) as Record<MatrixRole, Cell>;
}

const NONE = 'd d d d d d';

interface TableSpec extends TableProbe {
  select: Cells;
  insert: Cells;
  update: Cells;
  delete: Cells;
}

/**
 * Tables of public. Writes carry `payload` (insert as oneself; 'own' means
 * the same row claiming another user is refused) and `set` (the column an
 * update writes). analytics_events: a trigger overwrites user_id with the
 * caller, so 'allow' means anyone records events, always as themselves.
 */
export const TABLES: Record<string, TableSpec> = {
  analytics_events: {
    select: NONE,
    insert: 'a a a a a a',
    update: NONE,
    delete: NONE,
    payload: (_w, _f, me) => ({ event_name: 'page_view', user_id: me.id }),
  },
  badges: {
    select: 'a a a a a a',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  blog_admins: {
    select: 'd d d d d a',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  blog_article_categories: {
    select: 'a a a a a a',
    insert: 'd d d d d a',
    update: NONE,
    delete: 'd d d d d a',
    payload: (_w, f) => ({ article_id: f.article2, category_id: f.category }),
  },
  // Old slugs (#19 item 25): read with the article, written by blog admins.
  blog_article_slug_redirects: {
    select: 'a a a a a a',
    insert: 'd d d d d a',
    update: NONE,
    delete: 'd d d d d a',
    payload: (_w, f) => ({
      old_slug: 'matrix-old-slug',
      article_id: f.article2,
    }),
  },
  blog_article_likes: {
    select: 'd o o d d d',
    insert: 'o o o o o o',
    update: NONE,
    delete: 'd o o d d d',
    payload: (_w, f, me) => ({
      article_id: f.article2,
      user_id: me.anon ? null : me.id,
    }),
  },
  blog_article_tags: {
    select: 'a a a a a a',
    insert: 'd d d d d a',
    update: NONE,
    delete: 'd d d d d a',
    payload: (_w, f) => ({ article_id: f.article2, tag_id: f.tag }),
  },
  blog_articles: {
    select: 'a a a a a a',
    insert: 'd d d d d a',
    update: 'd d d d d a',
    delete: 'd d d d d a',
    payload: () => ({ title: 'New', slug: 'new-article', content: 'Body' }),
    set: ['title', 'Edited'],
  },
  blog_categories: {
    select: 'a a a a a a',
    insert: 'd d d d d a',
    update: 'd d d d d a',
    delete: 'd d d d d a',
    payload: () => ({ name: 'New', slug: 'new-category' }),
    set: ['name', 'Edited'],
  },
  blog_tags: {
    select: 'a a a a a a',
    insert: 'd d d d d a',
    update: 'd d d d d a',
    delete: 'd d d d d a',
    payload: () => ({ name: 'new', slug: 'new-tag' }),
    set: ['name', 'edited'],
  },
  companies: {
    select: 'd d d o o d',
    // Created by the sign-up's trigger or register_company only (#20).
    insert: NONE,
    update: 'd d d o o d',
    delete: NONE,
    payload: (_w, _f, me) => ({
      user_id: me.id,
      email: me.email,
      company_name: 'New Co',
      domain: 'new-co.test',
      terms_accepted_at: new Date().toISOString(),
    }),
    set: ['company_name', 'Renamed'],
  },
  company_domains: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  company_feedback_events: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  company_feedback_views: {
    select: 'd o o o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  // Issue #21: invitations are read and written only through functions.
  company_invitations: {
    select: NONE,
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  // Issue #21: membership is written only by server functions.
  company_members: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  company_subscriptions: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  company_webhook_deliveries: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  company_webhooks: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: 'd d d o o d',
  },
  feedback: {
    select: 'd o o d d d',
    insert: 'd o o o o o',
    update: NONE,
    delete: NONE,
    payload: (_w, _f, me) => ({
      user_id: me.id,
      title: 'T',
      description: 'D',
      company_name: 'C',
      website_url: 'https://example.net/',
    }),
    set: ['title', 'Edited'],
  },
  feedback_votes: {
    select: 'd o o d d d',
    insert: 'd o o o o o',
    update: NONE,
    delete: NONE,
    payload: (_w, f, me) => ({
      user_id: me.id,
      feedback_id: f.feedbackC,
      vote_type: 'upvote',
    }),
  },
  // #21: threads read by the author (of the feedback) and the company
  // (members); written only by RPCs. Each company has a thread with the
  // author of the feedback on its domain.
  feedback_messages: {
    select: 'd o o o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  // #40 item 15: how many others reported what the author reported.
  feedback_report_counts: {
    select: 'd o o d d d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  // #40 item 3: an author's reply as written, where the thread's copy is
  // masked for the company: the author's only.
  feedback_message_originals: {
    select: 'd o o d d d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  // #21 triage: the company's own, read by its members.
  feedback_activity: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  feedback_notes: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  feedback_triage: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  // #22 topics: the company's own, read by its members, written by RPCs.
  feedback_topics: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  feedback_topic_items: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  // #22 hand-off: the company's created issues, written by the integrations
  // functions (service role) only.
  issue_links: {
    select: 'd d d o o d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  notifications: {
    select: 'd o o d d d',
    insert: NONE,
    update: 'd o o d d d',
    delete: 'd o o d d d',
    set: ['read_at', '2025-01-01T00:00:00Z'],
  },
  profiles: {
    select: 'd o o o o o',
    insert: NONE,
    update: 'd o o o o o',
    delete: NONE,
    payload: (_w, _f, me) => ({
      id: me.id,
      nickname: 'Nick',
      referral_code: 'NEWCODE1',
    }),
    set: ['nickname', 'Renamed'],
  },
  referrals: {
    select: 'd o o d d d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  reward_claims: {
    select: 'd o o d d d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  rewards: {
    select: 'd a a a a a',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  user_badges: {
    select: 'd o o d d d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  user_points: {
    select: 'd o o d d d',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
  user_stats: {
    select: 'd o o o o o',
    insert: NONE,
    update: NONE,
    delete: NONE,
  },
};
/**
 * RPCs of public (trigger functions excluded). Identity arguments (user id,
 * e-mail) carry the caller's own; 'own' means another's is refused.
 */
export const RPCS: Record<string, Cells> = {
  // Issue #21, team seats. Accepting with the matrix's made-up token is a
  // "not valid" answer, not a denial; removal is refused for the matrix's
  // own sample (an owner is never removed); the role change and the
  // invitation refuse the sample role, not the owner calling them.
  accept_company_invitation: 'd a a a a a',
  add_feedback_note: 'd d d a d d',
  apply_feedback_analysis: NONE,
  award_points: NONE,
  // #22 hand-off: the integrations function asks who the caller is.
  authorize_integration_admin: 'd d d a a d',
  can_view_feedback: 'd d d o o d',
  check_company_domain: 'd d d a a d',
  change_company_member_role: 'd d d a a d',
  check_profile_completion: 'd a a a a a',
  // Issue #24: the queue functions of the job edge functions.
  claim_background_jobs: NONE,
  claim_reward: 'd a a a a a',
  compute_level: 'a a a a a a',
  close_tracker_issue: NONE,
  confirm_domain_verification: NONE,
  // What the AI step reads, with the registered company name (#23).
  feedback_ai_input: NONE,
  create_company_webhook: 'd d d a a d',
  // #22 hand-off: owner/admin; the matrix's provider 'x' is simply not connected.
  disconnect_company_integration: 'd d d a a d',
  finish_background_job: NONE,
  get_all_feedback_view_counts: 'd d d a a d',
  get_article_like_count: 'a a a a a a',
  get_community_stats: 'a a a a a a',
  get_company_domain_summary: 'd d d a a d',
  get_company_domains: 'd a a a a a',
  get_company_feedback: 'd d d a a d',
  get_company_feedback_detail: 'd d d a d d',
  get_company_feedback_hosts: 'd d d a a d',
  get_company_invitation: 'a a a a a a',
  get_company_invitations: 'd d d a a d',
  get_company_members: 'd d d a a d',
  // #21: what an author e-mail says (address, masked messages), for the
  // send-message-emails job only.
  get_company_message_email: NONE,
  get_company_seats: 'd d d a a d',
  get_company_inbox: 'd d d a a d',
  get_company_integrations: 'd d d a a d',
  // #22: the caller's company's insights; the weekly summary choice is the
  // caller's own (membership from the session).
  get_company_insights: 'd d d a a d',
  get_weekly_summary: 'd d d a a d',
  // #22: what a weekly summary says and its queue, for the job only.
  get_weekly_summary_email: NONE,
  queue_weekly_summaries: NONE,
  get_company_thread: 'd d d a d d',
  get_company_view_allowance: 'd d d a a d',
  // #22 "You said, we did": anyone reads a page (published fields only).
  get_public_changes: 'a a a a a a',
  // #35: the public claim page (bucketed counts only); the author's waiting
  // sites; the operators' outreach list (blog admins).
  get_domain_claim: 'a a a a a a',
  get_my_waiting_sites: 'd a a a a a',
  get_waiting_domains: 'd d d d d a',
  // #35 the trial: any member reads the plan; the owner starts the trial
  // and picks who keeps a seat (the matrix's companies are their owners);
  // the clock and its e-mails are run-trials' only.
  get_company_plan: 'd d d a a d',
  start_trial: 'd d d a a d',
  set_member_seat: 'd d d a a d',
  advance_trials: NONE,
  get_trial_email: NONE,
  // What an "owner joined" e-mail says, for send-owner-joined-emails only.
  get_owner_joined_email: NONE,
  // #35 billing: stripe-webhook's writer and run-trials' grace clock only.
  apply_stripe_event: NONE,
  end_billing_grace: NONE,
  set_stripe_customer: NONE,
  // The owner's billing account (the matrix's companies are their owners).
  get_billing_account: 'd d d a a d',
  // What a "completed" e-mail says, for send-topic-emails only.
  get_topic_completion_email: NONE,
  get_daily_feedback_views: 'd d d o o d',
  get_domain_verification_target: 'd d d a a d',
  get_feedback_triage: 'd d d a d d',
  get_feedback_view_count: 'd a d a d d',
  // #22: ciphertexts for the integrations and tracker-webhook functions.
  get_integration_credentials: NONE,
  get_feedback_with_votes: 'd d d a a d',
  get_leaderboard: 'd a a a a a',
  get_my_leaderboard_rank: 'd a a a a a',
  get_my_referrals: 'd a a a a a',
  get_my_upload_folder: 'd a a a a a',
  get_similar_feedback: 'd a a a a a',
  get_user_feedback: 'd o o o o o',
  get_user_feedback_view_counts: 'd o o o o o',
  get_viewed_feedback_export: 'd d d a a d',
  get_webhook_delivery: NONE,
  invite_company_member: 'd d d a a d',
  mark_badges_celebrated: 'd a a a a a',
  mark_linkedin_verified: NONE,
  // The author of the feedback, or the company it is on.
  mark_thread_read: 'd a d a d d',
  // The sample's company id is not a company: A's refusal is PT404 (HTTP 404), not a denial.
  post_author_reply: 'd a d d d d',
  post_company_message: 'd d d a d d',
  // #22: the company of the feedback (the sample names feedback and topic: 22023 after the check).
  prepare_tracker_issue: 'd d d a d d',
  // #40 item 20: any member of a company, of their own company only.
  preview_weekly_summary: 'd d d a a d',
  process_referral_signup: 'd o o o o o',
  // #22: any member of a company; the sample (a feedback id, not a topic of
  // theirs) is refused with PT404 (HTTP 404), not a denial (tests/permissions/public-changes.test.ts).
  publish_topic: 'd d d a a d',
  rate_feedback: 'd d d a d d',
  record_feedback_view: 'd d d o d d',
  record_issue_link: NONE,
  record_linkedin_verification: NONE,
  record_webhook_response: NONE,
  // The company form of a signed-in account (#20); its checks refuse the
  // matrix's sample (terms not accepted) with 23514, not a denial.
  register_company: 'd a a a a a',
  remove_company_member: NONE,
  request_domain_verification: 'd d d a a d',
  reset_daily_feedback_views: 'd d d o o d',
  revoke_company_invitation: 'd d d a a d',
  save_blog_article: 'd d d d d a',
  save_company_integration: NONE,
  save_integration_webhook_secret: NONE,
  set_feedback_assignee: 'd d d a d d',
  set_feedback_priority: 'd d d a d d',
  // #22: owners and admins; the sample 'x' is refused as too short (22023).
  set_public_page: 'd d d a a d',
  set_integration_complete_on_close: 'd d d a a d',
  set_weekly_summary: 'd d d a a d',
  // #40 item 17: any signed-in account asks for its handover code; only
  // the session-handover function (service role) spends one.
  create_session_handover: 'd a a a a a',
  redeem_session_handover: NONE,
  // #40 item 25: process-feedback counts a client's preview (service role).
  take_ai_preview: NONE,
  take_company_digests: NONE,
  take_company_invitation_emails: NONE,
  // Visitors take back their anonymous like by token (#19 item 26).
  unlike_article_anonymously: 'a d d d d d',
  unpublish_topic: 'd d d a a d',
  update_feedback_status: 'd d d a a d',
  // Any company; the sample's empty list moves nothing (another company's
  // feedback is refused, tests/permissions/conversation.test.ts).
  update_feedback_statuses: 'd d d a a d',
  // #22 topics. The matrix's uuid sample is a feedback, never a topic or a
  // proposal: the RPCs that take a topic refuse it (42501) for every role;
  // tests/permissions/topics.test.ts covers members, other companies,
  // authors, anon and removed members with real topics.
  add_topic_items: NONE,
  create_topic: 'd d d a a d',
  dismiss_topic_proposal: NONE,
  get_company_topics: 'd d d a a d',
  get_feedback_topic: 'd d d a d d',
  // The caller's own feedback only (an empty list for the sample).
  get_my_topic_counts: 'd a a a a a',
  get_topic: NONE,
  get_topic_proposals: 'd d d a a d',
  merge_topics: NONE,
  record_topic_placement: NONE,
  remove_topic_items: NONE,
  rename_topic: NONE,
  set_topic_status: NONE,
  split_topic: NONE,
  topic_candidates: NONE,
};
/** Storage buckets: read, upload and delete objects of consumers A and B. */
export const BUCKETS: Record<
  string,
  { select: Cells; insert: Cells; delete: Cells }
> = {
  screenshots: {
    select: 'd o o a a d',
    insert: 'd o o o o o',
    delete: 'd o o d d d',
  },
  audio: {
    select: 'd o o a a d',
    insert: 'd o o o o o',
    delete: 'd o o d d d',
  },
  'blog-images': {
    select: 'a a a a a a',
    insert: 'd d d d d a',
    delete: 'd d d d d a',
  },
};
/** Tables of the supabase_realtime publication: whose changes reach whom. */
export const REALTIME: Record<string, Cells> = {
  company_feedback_events: 'd d d o o d',
  company_feedback_views: 'd o o o o d',
  feedback: 'd o o d d d',
  feedback_activity: 'd d d o o d',
  feedback_messages: 'd o o o o d',
  feedback_report_counts: 'd o o d d d',
  feedback_votes: 'd o o d d d',
  notifications: 'd o o d d d',
  user_badges: 'd o o d d d',
};
