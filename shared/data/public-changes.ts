import {
  PUBLIC_CHANGES_PAGE,
  normalizePublicSlug,
} from '../domain/public-page.ts';
import type { Client, Tables } from './client.ts';
import { toDataError, unwrap } from './client.ts';

/** One topic as the public page shows it: published fields only. */
export interface PublicChange {
  public_title: string;
  public_note: string | null;
  completed_at: string;
  reporters: number;
}

/** A company's "You said, we did" page (#22). */
export interface PublicChanges {
  company_name: string;
  slug: string;
  topics: PublicChange[];
}

/** A completed topic in the company's settings list. */
export type CompletedTopic = Pick<
  Tables<'feedback_topics'>,
  | 'id'
  | 'title'
  | 'completed_at'
  | 'public_title'
  | 'public_note'
  | 'published_at'
>;

/**
 * The public page of `slug` (anyone may read it), or null when no company
 * has that page. Newest first; `before` pages on by completion date.
 */
export async function getPublicChanges(
  client: Client,
  slug: string,
  options: { limit?: number; before?: string } = {},
): Promise<PublicChanges | null> {
  const { data, error } = await client.rpc('get_public_changes', {
    p_slug: normalizePublicSlug(slug),
    p_limit: options.limit ?? PUBLIC_CHANGES_PAGE,
    ...(options.before ? { p_before: options.before } : {}),
  });
  if (error) throw toDataError(error);
  return (data as unknown as PublicChanges | null) ?? null;
}

/** Owner/admin: turns the public page on at `slug`, or off with ''. */
export async function setPublicPage(
  client: Client,
  slug: string,
): Promise<string | null> {
  const { data, error } = await client.rpc('set_public_page', {
    p_slug: normalizePublicSlug(slug),
  });
  if (error) throw toDataError(error);
  return data ?? null;
}

/** The company's completed topics, newest first (members read them). */
export async function listCompletedTopics(
  client: Client,
  companyId: string,
): Promise<CompletedTopic[]> {
  return unwrap(
    await client
      .from('feedback_topics')
      .select(
        'id, title, completed_at, public_title, public_note, published_at',
      )
      .eq('company_id', companyId)
      .eq('status', 'completed')
      .order('completed_at', { ascending: false, nullsFirst: false })
      .limit(100),
  );
}

/** A member shows a completed topic on the public page (or edits its texts). */
export async function publishTopic(
  client: Client,
  topicId: string,
  publicTitle: string,
  publicNote: string,
): Promise<void> {
  const { error } = await client.rpc('publish_topic', {
    p_topic_id: topicId,
    p_public_title: publicTitle,
    p_public_note: publicNote.trim() === '' ? undefined : publicNote,
  });
  if (error) throw toDataError(error);
}

/** A member takes a topic off the public page. */
export async function unpublishTopic(
  client: Client,
  topicId: string,
): Promise<void> {
  const { error } = await client.rpc('unpublish_topic', {
    p_topic_id: topicId,
  });
  if (error) throw toDataError(error);
}
