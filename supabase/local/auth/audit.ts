import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest } from '../http.ts';
import { clientIp } from './rate-limit.ts';
import { newId } from './secrets.ts';
import { INSTANCE_ID } from './users.ts';

const LOG_TYPE = {
  login: 'account',
  logout: 'account',
  user_signedup: 'team',
  user_deleted: 'team',
  token_refreshed: 'token',
  token_revoked: 'token',
  user_modified: 'user',
  user_recovery_requested: 'user',
  user_reauthenticate_requested: 'user',
  user_confirmation_requested: 'user',
  user_repeated_signup: 'user',
  user_updated_password: 'user',
  user_invited: 'team',
  identity_unlinked: 'user',
  factor_in_progress: 'factor',
  factor_unenrolled: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  factor_deleted: 'factor',
} as const;

export type AuditAction = keyof typeof LOG_TYPE;

interface Actor {
  id: string;
  email: string | null;
  phone?: string | null;
  raw_user_meta_data?: Record<string, unknown> | null;
}

/** `NewAuditLogEntry`: one row of auth.audit_log_entries per auth event. */
export async function audit(
  ctx: BackendContext,
  tx: Queryable,
  req: ServiceRequest,
  actor: Actor,
  action: AuditAction,
  traits?: Record<string, unknown>,
): Promise<void> {
  const payload: Record<string, unknown> = {
    actor_id: actor.id,
    actor_via_sso: false,
    actor_username: actor.phone || actor.email || '',
    action,
    log_type: LOG_TYPE[action],
  };
  const name = actor.raw_user_meta_data?.full_name;
  if (name !== undefined) payload.actor_name = name;
  if (traits) payload.traits = traits;
  await tx.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at,
       ip_address)
     values ($1, $2, $3::json, $4, $5)`,
    [
      INSTANCE_ID,
      newId(),
      JSON.stringify(payload),
      ctx.now().toISOString(),
      clientIp(req).slice(0, 64),
    ],
  );
}
