import type { FeedbackStatus } from '../domain/statuses.ts';
import type { TopicSort } from '../domain/topics.ts';
import { type Client, unwrap } from './client.ts';

/** Company workspace topics (#22): groups of feedback with one status. */
export interface TopicRow {
  id: string;
  title: string;
  status: FeedbackStatus;
  feedback_count: number;
  contributor_count: number;
  votes: number;
  suggested_count: number;
  /** Reported in the last 7 days minus the 7 days before. */
  trend: number;
  last_added_at: string | null;
  updated_at: string;
  total_count: number;
}

export interface TopicItem {
  feedback_id: string;
  title: string;
  status: FeedbackStatus;
  total_votes: number;
  created_at: string;
  website_host: string;
  state: 'suggested' | 'confirmed';
  score: number | null;
}

export interface TopicDetail {
  id: string;
  title: string;
  status: FeedbackStatus;
  feedback_count: number;
  contributor_count: number;
  votes: number;
  suggested_count: number;
  created_at: string;
  completed_at: string | null;
  items: TopicItem[];
}

export interface TopicProposal {
  id: string;
  title: string;
  feedback_ids: string[];
  feedback_count: number;
  updated_at: string;
}

export interface FeedbackTopic {
  topic_id: string;
  title: string;
  state: 'suggested' | 'confirmed';
}

export async function getCompanyTopics(
  client: Client,
  sort: TopicSort,
  page: number,
  pageSize: number,
): Promise<{ rows: TopicRow[]; total: number }> {
  const rows = unwrap(
    await client.rpc('get_company_topics', {
      p_sort: sort,
      p_page: page,
      p_page_size: pageSize,
    }),
  ) as TopicRow[];
  return { rows, total: Number(rows[0]?.total_count ?? 0) };
}

export async function getTopic(
  client: Client,
  topicId: string,
): Promise<TopicDetail> {
  return unwrap(
    await client.rpc('get_topic', { p_topic_id: topicId }),
  ) as unknown as TopicDetail;
}

export async function getTopicProposals(
  client: Client,
): Promise<TopicProposal[]> {
  return unwrap(await client.rpc('get_topic_proposals', {})) as TopicProposal[];
}

export async function getFeedbackTopic(
  client: Client,
  feedbackId: string,
): Promise<FeedbackTopic | null> {
  return unwrap(
    await client.rpc('get_feedback_topic', { p_feedback_id: feedbackId }),
  ) as unknown as FeedbackTopic | null;
}

export async function createTopic(
  client: Client,
  title: string,
  feedbackIds: string[],
): Promise<string> {
  return unwrap(
    await client.rpc('create_topic', {
      p_title: title,
      p_feedback_ids: feedbackIds,
    }),
  );
}

export async function dismissTopicProposal(
  client: Client,
  proposalId: string,
): Promise<void> {
  unwrap(
    await client.rpc('dismiss_topic_proposal', { p_proposal_id: proposalId }),
  );
}

export async function addTopicItems(
  client: Client,
  topicId: string,
  feedbackIds: string[],
): Promise<number> {
  return unwrap(
    await client.rpc('add_topic_items', {
      p_topic_id: topicId,
      p_feedback_ids: feedbackIds,
    }),
  );
}

export async function removeTopicItems(
  client: Client,
  topicId: string,
  feedbackIds: string[],
): Promise<number> {
  return unwrap(
    await client.rpc('remove_topic_items', {
      p_topic_id: topicId,
      p_feedback_ids: feedbackIds,
    }),
  );
}

export async function splitTopic(
  client: Client,
  topicId: string,
  feedbackIds: string[],
  title: string,
): Promise<string> {
  return unwrap(
    await client.rpc('split_topic', {
      p_topic_id: topicId,
      p_feedback_ids: feedbackIds,
      p_new_title: title,
    }),
  );
}

export async function mergeTopics(
  client: Client,
  topicId: string,
  otherId: string,
): Promise<number> {
  return unwrap(
    await client.rpc('merge_topics', {
      p_topic_id: topicId,
      p_other_id: otherId,
    }),
  );
}

export async function renameTopic(
  client: Client,
  topicId: string,
  title: string,
): Promise<string> {
  return unwrap(
    await client.rpc('rename_topic', { p_topic_id: topicId, p_title: title }),
  );
}

export async function setTopicStatus(
  client: Client,
  topicId: string,
  status: FeedbackStatus,
): Promise<number> {
  return unwrap(
    await client.rpc('set_topic_status', {
      p_topic_id: topicId,
      p_status: status,
    }),
  );
}

/** The author's own feedback in a topic: how many others reported it. */
export async function getMyTopicCounts(
  client: Client,
  feedbackIds: string[],
): Promise<Map<string, number>> {
  if (feedbackIds.length === 0) return new Map();
  const rows = unwrap(
    await client.rpc('get_my_topic_counts', {
      p_feedback_ids: feedbackIds.slice(0, 200),
    }),
  ) as { feedback_id: string; others: number }[];
  return new Map(rows.map((r) => [r.feedback_id, r.others]));
}
