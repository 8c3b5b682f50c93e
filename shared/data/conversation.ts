import type { RealtimeChannel } from '@supabase/supabase-js';
import type { FeedbackStatus } from '../domain/statuses.ts';
import type { BulkMoveResult } from '../domain/triage.ts';
import { type Client, type Tables, unwrap } from './client.ts';

/** One message of a thread between a company and an anonymous author. */
export type ThreadMessage = Tables<'feedback_messages'>;

/**
 * A member asks the author of a feedback a question. Opens the feedback
 * through the view allowance: refused with VIEW_LIMIT_REACHED_CODE when it
 * is used up.
 */
export async function postCompanyMessage(
  client: Client,
  feedbackId: string,
  body: string,
): Promise<ThreadMessage> {
  return unwrap(
    await client.rpc('post_company_message', {
      p_feedback_id: feedbackId,
      p_body: body,
    }),
  );
}

/** The company's thread with the author of a feedback, oldest first. */
export async function getCompanyThread(
  client: Client,
  feedbackId: string,
): Promise<ThreadMessage[]> {
  return unwrap(
    await client.rpc('get_company_thread', { p_feedback_id: feedbackId }),
  );
}

/** The author answers a company; the row says the XP it earned. */
export async function postAuthorReply(
  client: Client,
  args: { feedbackId: string; companyId: string; body: string },
): Promise<ThreadMessage> {
  return unwrap(
    await client.rpc('post_author_reply', {
      p_feedback_id: args.feedbackId,
      p_company_id: args.companyId,
      p_body: args.body,
    }),
  );
}

/**
 * Every message about the caller's own feedback, oldest first (RLS); the
 * caller's own replies in their own words, where the company's copy is
 * masked (#40 item 3).
 */
export async function listMyThreads(client: Client): Promise<ThreadMessage[]> {
  const rows = unwrap(
    await client
      .from('feedback_messages')
      .select('*, original:feedback_message_originals(body)')
      .order('created_at', { ascending: true })
      .limit(500),
  );
  return rows.map(({ original, ...m }) => ({
    ...m,
    body: original?.body ?? m.body,
  }));
}

/** Marks the other side's messages of a thread read. */
export async function markThreadRead(
  client: Client,
  feedbackId: string,
  companyId?: string,
): Promise<void> {
  unwrap(
    await client.rpc('mark_thread_read', {
      p_feedback_id: feedbackId,
      ...(companyId ? { p_company_id: companyId } : {}),
    }),
  );
}

/**
 * New messages the caller may read (RLS: their feedback's threads, or their
 * company's), optionally of one feedback.
 */
export function subscribeToThreads(
  client: Client,
  channelName: string,
  onMessage: (message: ThreadMessage) => void,
  feedbackId?: string,
): () => void {
  const channel: RealtimeChannel = client
    .channel(channelName)
    .on<ThreadMessage>(
      'postgres_changes',
      {
        event: '*',
        schema: 'public',
        table: 'feedback_messages',
        ...(feedbackId ? { filter: `feedback_id=eq.${feedbackId}` } : {}),
      },
      (payload) => {
        if ('id' in payload.new) onMessage(payload.new);
      },
    )
    .subscribe();
  return () => {
    void client.removeChannel(channel);
  };
}

/** A member of the company, to assign feedback to. */
export interface TriageMember {
  user_id: string;
  email: string;
  role: string;
}

/** A feedback's triage inside the caller's company. */
export interface FeedbackTriage {
  assignee_id: string | null;
  priority: 'high' | 'medium' | 'low' | null;
  members: TriageMember[];
  notes: {
    id: string;
    body: string;
    created_at: string;
    author_email: string | null;
  }[];
  activity: {
    kind: 'status' | 'assigned' | 'priority' | 'note' | 'message' | 'answer';
    detail: string | null;
    created_at: string;
    actor_email: string | null;
  }[];
}

export async function getFeedbackTriage(
  client: Client,
  feedbackId: string,
): Promise<FeedbackTriage> {
  return unwrap(
    await client.rpc('get_feedback_triage', { p_feedback_id: feedbackId }),
  ) as unknown as FeedbackTriage;
}

export async function setFeedbackAssignee(
  client: Client,
  feedbackId: string,
  assignee: string | null,
): Promise<void> {
  unwrap(
    await client.rpc('set_feedback_assignee', {
      p_feedback_id: feedbackId,
      // The generated type says string; null unassigns.
      p_assignee: assignee as string,
    }),
  );
}

export async function setFeedbackPriority(
  client: Client,
  feedbackId: string,
  priority: 'high' | 'medium' | 'low',
): Promise<void> {
  unwrap(
    await client.rpc('set_feedback_priority', {
      p_feedback_id: feedbackId,
      p_priority: priority,
    }),
  );
}

export async function addFeedbackNote(
  client: Client,
  feedbackId: string,
  body: string,
): Promise<void> {
  unwrap(
    await client.rpc('add_feedback_note', {
      p_feedback_id: feedbackId,
      p_body: body,
    }),
  );
}

/** Moves several feedback at once; resolves with how many moved and which were skipped, and why. */
export async function setFeedbackStatuses(
  client: Client,
  ids: string[],
  status: FeedbackStatus,
): Promise<BulkMoveResult> {
  return unwrap(
    await client.rpc('update_feedback_statuses', {
      p_feedback_ids: ids,
      p_new_status: status,
    }),
  ) as unknown as BulkMoveResult;
}
