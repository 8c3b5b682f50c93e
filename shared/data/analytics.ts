import type { Json } from '../db/database.types.ts';
import type { Client } from './client.ts';

/** The product events of consumer spec §7 and company spec §7. */
export type AnalyticsEvent =
  | { name: 'sign_up'; properties: { method: 'email'; account_type?: string } }
  | { name: 'login'; properties: { method: 'email'; account_type?: string } }
  | { name: 'badge_earned'; properties: { badge_name: string } }
  | {
      name: 'submit_feedback';
      properties: {
        category: string;
        has_screenshot: boolean;
        has_audio: boolean;
      };
    }
  | { name: 'linkedin_auth_started'; properties: Record<string, never> }
  | { name: 'profile_completed'; properties: Record<string, never> }
  | { name: 'view_feedback'; properties: { feedback_id: string } }
  | { name: 'mark_feedback_read'; properties: { feedback_id: string } };

/**
 * Writes one event to the first-party `analytics_events` table (the
 * database takes the user from the session). Never throws: analytics must
 * not break the action it records.
 */
export async function trackEvent(
  client: Client,
  event: AnalyticsEvent,
): Promise<boolean> {
  try {
    const { error } = await client.from('analytics_events').insert({
      event_name: event.name,
      // The column is `jsonb not null`: the CLI types it NonNullable<Json>.
      properties: event.properties as NonNullable<Json>,
    });
    return !error;
  } catch {
    return false;
  }
}
