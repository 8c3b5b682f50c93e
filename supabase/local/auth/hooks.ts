import type { BackendContext } from '../context.ts';
import { AuthError } from './errors.ts';

/** GoTrue's DefaultMFAHookRejectionMessage. */
const DEFAULT_MFA_REJECTION =
  'Further MFA verification attempts will be rejected.';

/**
 * GoTrue's mfa_verification_attempt hook (internal/api/mfa.go): called with
 * the local outcome of a code check, before it is reported; a "reject"
 * signs the user out everywhere and answers 403 mfa_verification_rejected
 * with the hook's message. The rule itself lives in the migrations.
 */
export async function runMfaVerificationHook(
  ctx: BackendContext,
  input: {
    user_id: string;
    factor_id: string;
    factor_type: string;
    valid: boolean;
  },
): Promise<void> {
  const hook = ctx.config.auth.hooks.mfaVerificationAttempt;
  if (!hook) return;
  const { rows } = await ctx.db.query<{
    out: { decision?: string; message?: string } | null;
  }>(`select "${hook.schema}"."${hook.name}"($1::jsonb) as out`, [
    JSON.stringify(input),
  ]);
  const out = rows[0]?.out;
  if (out?.decision !== 'reject') return;
  // models.Logout: every session of the user ends.
  await ctx.db.query('delete from auth.sessions where user_id = $1', [
    input.user_id,
  ]);
  throw new AuthError(
    403,
    'mfa_verification_rejected',
    out.message || DEFAULT_MFA_REJECTION,
  );
}
