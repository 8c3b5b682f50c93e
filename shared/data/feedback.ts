import type { FeedbackCategory } from '../domain/categories.ts';
import type { TechnicalContext } from '../domain/technical-context.ts';
import type { VoteType } from '../domain/votes.ts';
import type { Json } from '../db/database.types.ts';
import { unwrap, type Client, type RpcRows, type Tables } from './client.ts';

/** One row of the author's own feedback list (`get_user_feedback`). */
export type MyFeedback = RpcRows<'get_user_feedback'>[number];

/** The caller's feedback, newest first, with votes, views and AI fields. */
export async function listMyFeedback(client: Client): Promise<MyFeedback[]> {
  return unwrap(await client.rpc('get_user_feedback')) ?? [];
}

export interface NewFeedback {
  title: string;
  description: string;
  companyName: string;
  websiteUrl: string | null;
  category: FeedbackCategory;
  /** Storage path in the screenshots bucket, from {@link uploadFeedbackFile}. */
  screenshotPath: string | null;
  audioPath: string | null;
  /** The extension's opt-in context (issue #26); checked and masked again by the server. */
  technicalContext?: TechnicalContext | null;
}

export type FeedbackRow = Tables<'feedback'>;

/**
 * Inserts the caller's feedback; the database fills in the author, the
 * host, the points (`points_awarded`) and queues AI processing.
 */
export async function createFeedback(
  client: Client,
  userId: string,
  input: NewFeedback,
): Promise<FeedbackRow> {
  return unwrap(
    await client
      .from('feedback')
      .insert({
        user_id: userId,
        title: input.title,
        description: input.description,
        raw_description: input.description,
        category: input.category,
        company_name: input.companyName,
        website_url: input.websiteUrl,
        screenshot_url: input.screenshotPath,
        audio_url: input.audioPath,
        ...(input.technicalContext
          ? {
              // Plain JSON data (strings, numbers, arrays), typed as the row's jsonb.
              technical_context: input.technicalContext as unknown as Json,
            }
          : {}),
      })
      .select()
      .single(),
  );
}

export type SimilarFeedback = RpcRows<'get_similar_feedback'>[number];

/** Anonymised feedback already sent about the same site, most similar first. */
export async function listSimilarFeedback(
  client: Client,
  args: { websiteUrl: string; text: string; limit?: number },
): Promise<SimilarFeedback[]> {
  return (
    unwrap(
      await client.rpc('get_similar_feedback', {
        p_website_url: args.websiteUrl,
        p_text: args.text,
        p_limit: args.limit ?? 5,
      }),
    ) ?? []
  );
}

/** Records the caller's vote; a second vote fails with code 23505. */
export async function voteOnFeedback(
  client: Client,
  args: { userId: string; feedbackId: string; voteType: VoteType },
): Promise<void> {
  unwrap(
    await client.from('feedback_votes').insert({
      feedback_id: args.feedbackId,
      user_id: args.userId,
      vote_type: args.voteType,
    }),
  );
}

export type Notification = Tables<'notifications'>;

/** The caller's status-change notifications, newest first. */
export async function listMyNotifications(
  client: Client,
  limit = 20,
): Promise<Notification[]> {
  return unwrap(
    await client
      .from('notifications')
      .select('*')
      .order('created_at', { ascending: false })
      .limit(limit),
  );
}
