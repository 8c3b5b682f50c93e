import type {
  RealtimePostgresChangesPayload,
  RealtimeChannel,
} from '@supabase/supabase-js';
import type { Client, Tables } from './client.ts';

type Unsubscribe = () => void;
type Row = Record<string, unknown>;

function watch<T extends Row>(
  client: Client,
  channelName: string,
  changes: {
    event: 'INSERT' | 'UPDATE' | '*';
    table: string;
    filter?: string;
  }[],
  onEvent: (payload: RealtimePostgresChangesPayload<T>) => void,
): Unsubscribe {
  let channel: RealtimeChannel = client.channel(channelName);
  for (const c of changes) {
    channel = channel.on<T>(
      'postgres_changes',
      {
        event: c.event,
        schema: 'public',
        table: c.table,
        ...(c.filter ? { filter: c.filter } : {}),
      },
      onEvent,
    );
  }
  channel.subscribe();
  return () => {
    void client.removeChannel(channel);
  };
}

/** Updates of the user's own feedback (status, AI fields, votes, views). */
export function subscribeToMyFeedback(
  client: Client,
  userId: string,
  onEvent: (
    payload: RealtimePostgresChangesPayload<Tables<'feedback'>>,
  ) => void,
): Unsubscribe {
  return watch(
    client,
    `feedback:${userId}`,
    [{ event: 'UPDATE', table: 'feedback', filter: `user_id=eq.${userId}` }],
    onEvent,
  );
}

/** New badges of the user (opens the confetti dialog). */
export function subscribeToMyBadges(
  client: Client,
  userId: string,
  onEvent: (
    payload: RealtimePostgresChangesPayload<Tables<'user_badges'>>,
  ) => void,
): Unsubscribe {
  return watch(
    client,
    `user_badges:${userId}`,
    [{ event: 'INSERT', table: 'user_badges', filter: `user_id=eq.${userId}` }],
    onEvent,
  );
}

/** New status-change notifications for the user. */
export function subscribeToMyNotifications(
  client: Client,
  userId: string,
  onEvent: (
    payload: RealtimePostgresChangesPayload<Tables<'notifications'>>,
  ) => void,
): Unsubscribe {
  return watch(
    client,
    `notifications:${userId}`,
    [
      {
        event: 'INSERT',
        table: 'notifications',
        filter: `user_id=eq.${userId}`,
      },
    ],
    onEvent,
  );
}

/**
 * Company views of and votes on the user's feedback: signals to refetch
 * (RLS lets the author see only rows about their own feedback).
 */
export function subscribeToMyFeedbackActivity(
  client: Client,
  userId: string,
  onEvent: () => void,
): Unsubscribe {
  return watch(
    client,
    `feedback_activity:${userId}`,
    [
      { event: 'INSERT', table: 'company_feedback_views' },
      { event: '*', table: 'feedback_votes' },
    ],
    () => onEvent(),
  );
}

/**
 * Something happened to a feedback of the company (created, status, vote,
 * rating, analysis): the rows hold no author identity; refetch the list.
 */
export function subscribeToCompanyEvents(
  client: Client,
  companyId: string,
  onEvent: () => void,
): Unsubscribe {
  return watch(
    client,
    `company-events:${companyId}`,
    [
      {
        event: 'INSERT',
        table: 'company_feedback_events',
        filter: `company_id=eq.${companyId}`,
      },
    ],
    onEvent,
  );
}

/**
 * The user was removed from their company's team (#40 item 2): its screens
 * close at once. A notification of their own, so RLS lets only them see it.
 */
export function subscribeToMembershipEnd(
  client: Client,
  userId: string,
  onEnd: (companyName: string | null) => void,
): Unsubscribe {
  return watch<Tables<'notifications'>>(
    client,
    `membership:${userId}`,
    [
      {
        event: 'INSERT',
        table: 'notifications',
        filter: `user_id=eq.${userId}`,
      },
    ],
    (payload) => {
      const row = payload.new as Partial<Tables<'notifications'>>;
      if (row.kind === 'company_removed') onEnd(row.company_name ?? null);
    },
  );
}

/**
 * "N others reported this" changed for one of the user's feedback (#40
 * item 15): RLS sends each author their own counts only.
 */
export function subscribeToMyReportCounts(
  client: Client,
  userId: string,
  onEvent: () => void,
): Unsubscribe {
  return watch(
    client,
    `report_counts:${userId}`,
    [
      {
        event: '*',
        table: 'feedback_report_counts',
        filter: `user_id=eq.${userId}`,
      },
    ],
    () => onEvent(),
  );
}
