// Issue trackers of a company (#22): what members read (connections without
// their tokens, the issue links) and the `integrations` edge function's
// actions (connect, disconnect, create an issue).
import type { Tracker, TrackerConfig } from '../domain/integrations.ts';
import type { Client } from './client.ts';
import { DataError, toDataError, unwrap } from './client.ts';

export interface Integration {
  id: string;
  provider: Tracker;
  config: TrackerConfig;
  token_hint: string;
  complete_on_close: boolean;
  connected_at: string;
}

export interface IssueLink {
  id: string;
  provider: Tracker;
  feedback_id: string | null;
  topic_id: string | null;
  external_key: string;
  url: string;
  state: 'open' | 'closed';
  created_at: string;
  /** What the tracker's close changed (#40 item 1); null until then. */
  closed_completed: number | null;
  closed_kept_rejected: number | null;
}

/** The target of an issue: one feedback or one topic. */
export type IssueTarget = { feedbackId: string } | { topicId: string };

export async function listIntegrations(client: Client): Promise<Integration[]> {
  return unwrap(await client.rpc('get_company_integrations')) as Integration[];
}

export async function listIssueLinks(
  client: Client,
  target: IssueTarget,
): Promise<IssueLink[]> {
  const q = client
    .from('issue_links')
    .select(
      'id, provider, feedback_id, topic_id, external_key, url, state, created_at, closed_completed, closed_kept_rejected',
    );
  return unwrap(
    await (
      'feedbackId' in target
        ? q.eq('feedback_id', target.feedbackId)
        : q.eq('topic_id', target.topicId)
    ).order('created_at'),
  ) as IssueLink[];
}

/** Calls the integrations function; its refusal's words become the error. */
async function invoke<T>(
  client: Client,
  body: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await client.functions.invoke<T>('integrations', {
    body,
  });
  if (error) {
    const context = (error as { context?: unknown }).context;
    if (context instanceof Response) {
      const answer = (await context.json().catch(() => null)) as {
        error?: string;
      } | null;
      throw new DataError(
        answer?.error ?? error.message,
        undefined,
        context.status,
      );
    }
    throw toDataError(error);
  }
  return data as T;
}

export interface Connected {
  integration: { id: string; provider: Tracker; token_hint: string };
  /** Shown once: where the tracker sends "issue closed", and its signing secret. */
  webhook: { url: string; secret: string };
}

export const connectIntegration = (
  client: Client,
  input: { provider: Tracker; token: string; config: TrackerConfig },
) => invoke<Connected>(client, { action: 'connect', ...input });

export const disconnectIntegration = (client: Client, provider: Tracker) =>
  invoke<{ disconnected: boolean }>(client, { action: 'disconnect', provider });

/** The signing secret a tracker generated for the webhook (Linear). */
export const setWebhookSecret = (
  client: Client,
  provider: Tracker,
  secret: string,
) =>
  invoke<{ saved: boolean }>(client, {
    action: 'set-webhook-secret',
    provider,
    secret,
  });

export async function setCompleteOnClose(
  client: Client,
  provider: Tracker,
  enabled: boolean,
): Promise<void> {
  unwrap(
    await client.rpc('set_integration_complete_on_close', {
      p_provider: provider,
      p_enabled: enabled,
    }),
  );
}

export const createIssue = (
  client: Client,
  provider: Tracker,
  target: IssueTarget,
) =>
  invoke<{ link: IssueLink; existing: boolean }>(client, {
    action: 'create-issue',
    provider,
    ...target,
  });
