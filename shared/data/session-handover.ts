import type { SupabaseClient } from '@supabase/supabase-js';
import { unwrap, type Client } from './client.ts';
import {
  SESSION_HANDOVER_MESSAGES,
  sessionHandoverHref,
  type SessionHandoverAnswer,
} from '../domain/session-handover.ts';

/**
 * The extension's side (#40 item 17): a one-time code for the signed-in
 * account, as the web address that signs the browser in and opens `next`.
 */
export async function createSessionHandoverHref(
  client: Client,
  next: string,
): Promise<string> {
  const code = unwrap(await client.rpc('create_session_handover'));
  return sessionHandoverHref(code, next);
}

/** A handover the web app could not complete, with the text to show. */
export class SessionHandoverError extends Error {
  override name = 'SessionHandoverError';
}

/**
 * The web app's side: spends the code at the session-handover function and
 * signs this browser in with the magic-link token it answers. Throws a
 * SessionHandoverError with the text to show when it cannot.
 */
export async function redeemSessionHandover(
  client: SupabaseClient,
  code: string,
): Promise<void> {
  const { data, error } = await client.functions.invoke<SessionHandoverAnswer>(
    'session-handover',
    { body: { code } },
  );
  if (error || !data?.ok) {
    let message: string = SESSION_HANDOVER_MESSAGES.failed;
    const context = (error as { context?: unknown } | null)?.context;
    if (context instanceof Response) {
      const body = (await context.json().catch(() => null)) as {
        error?: unknown;
      } | null;
      if (typeof body?.error === 'string') message = body.error;
    }
    throw new SessionHandoverError(message);
  }
  const current = (await client.auth.getSession()).data.session;
  // Already signed in here as the same person: nothing to change.
  if (current?.user.email?.toLowerCase() === data.email.toLowerCase()) return;
  const verified = await client.auth.verifyOtp({
    token_hash: data.token_hash,
    type: 'magiclink',
  });
  if (verified.error)
    throw new SessionHandoverError(SESSION_HANDOVER_MESSAGES.failed);
}
