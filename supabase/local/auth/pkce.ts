import { createHash, timingSafeEqual } from 'node:crypto';
import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { newId } from './secrets.ts';

export const PKCE_PREFIX = 'pkce_';
const FLOW_STATE_EXPIRY_SECONDS = 300;

/** An e-mail flow's PKCE challenge, when the client asked for PKCE. */
export interface Challenge {
  method: 's256' | 'plain';
  challenge: string;
}

/**
 * `validatePKCEParams`: both or neither of the challenge parameters; a
 * challenge of 43 to 128 unreserved characters; `s256` or `plain`.
 */
export function pkceChallenge(
  method: string,
  challenge: string,
): Challenge | undefined {
  if ((challenge === '') !== (method === '')) {
    throw badRequest(
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  if (!challenge) return undefined;
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest(
      'validation_failed',
      'code challenge has to be between 43 and 128 characters',
    );
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') {
    throw badRequest(
      'validation_failed',
      `unsupported code_challenge method ${JSON.stringify(method)}`,
    );
  }
  return { method: m, challenge };
}

/** `generateFlowState`: remembers a challenge until the link is used. */
export async function createFlowState(
  tx: Queryable,
  userId: string,
  authenticationMethod: string,
  c: Challenge,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method,
       code_challenge, provider_type, created_at, updated_at,
       authentication_method)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $6)`,
    [
      newId(),
      userId,
      newId(),
      c.method,
      c.challenge,
      authenticationMethod,
      now.toISOString(),
    ],
  );
}

/** `issueAuthCode`: the code of the user's latest flow of that method. */
export async function issueAuthCode(
  tx: Queryable,
  userId: string,
  authenticationMethod: string,
  now: Date,
): Promise<string> {
  const { rows } = await tx.query<{ id: string; auth_code: string }>(
    `select id, auth_code from auth.flow_state
      where user_id = $1 and authentication_method = $2
      order by created_at desc, id desc limit 1`,
    [userId, authenticationMethod],
  );
  const flow = rows[0];
  if (!flow) {
    throw unprocessable(
      'flow_state_not_found',
      'No valid flow state found for user.',
    );
  }
  await tx.query(
    'update auth.flow_state set auth_code_issued_at = $2, updated_at = $2 where id = $1',
    [flow.id, now.toISOString()],
  );
  return flow.auth_code;
}

interface FlowRow {
  id: string;
  user_id: string | null;
  code_challenge_method: string;
  code_challenge: string;
  authentication_method: string;
  created_at: Date;
  auth_code_issued_at: Date | null;
}

function matches(flow: FlowRow, verifier: string): boolean {
  const expected = Buffer.from(flow.code_challenge);
  const actual = Buffer.from(
    flow.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier,
  );
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The flow of an auth code, checked as GoTrue's PKCE grant checks it. */
export async function redeemAuthCode(
  ctx: BackendContext,
  tx: Queryable,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; method: string }> {
  const { rows } = await tx.query<FlowRow>(
    `delete from auth.flow_state where auth_code = $1
     returning id, user_id, code_challenge_method, code_challenge,
       authentication_method, created_at, auth_code_issued_at`,
    [authCode],
  );
  const flow = rows[0];
  if (!flow?.user_id) {
    throw notFound(
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    );
  }
  const since = flow.auth_code_issued_at ?? flow.created_at;
  if (
    ctx.now().getTime() >
    since.getTime() + FLOW_STATE_EXPIRY_SECONDS * 1000
  ) {
    throw unprocessable(
      'flow_state_expired',
      'invalid flow state, flow state has expired',
    );
  }
  if (!matches(flow, verifier)) {
    throw badRequest(
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  return { userId: flow.user_id, method: flow.authentication_method };
}
