import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ServiceRequest, ServiceResponse } from '../http.ts';
import { audit } from './audit.ts';
import {
  AuthError,
  badRequest,
  forbidden,
  notFound,
  sendJson,
  unprocessable,
} from './errors.ts';
import { requireUser, type Authenticated } from './guard.ts';
import { parseBody } from './params.ts';
import { runMfaVerificationHook } from './hooks.ts';
import { limitMfa } from './rate-limit.ts';
import { newId, isUuid } from './secrets.ts';
import {
  AAL2_METHODS,
  addAmrClaim,
  grantInfo,
  insertRefreshToken,
} from './sessions.ts';
import { sessionResponse } from './tokens.ts';
import {
  FACTOR_COLUMNS,
  factorJson,
  findUserById,
  type FactorRow,
  type User,
} from './users.ts';

/** GoTrue's MFA defaults (`conf.MFAConfiguration`). */
export const MFA = {
  /** Seconds a challenge can be verified (CHALLENGE_EXPIRY_DURATION). */
  challengeExpiry: 300,
  /** Seconds an unverified factor without challenges is kept (FACTOR_EXPIRY_DURATION). */
  factorExpiry: 300,
  maxEnrolledFactors: 10,
  maxVerifiedFactors: 10,
} as const;

/** The amr method a factor type adds (`amrMethodForFactorType`). */
const AMR_METHOD: Record<string, string> = {
  totp: 'totp',
  phone: 'mfa/phone',
  webauthn: 'mfa/webauthn',
};

interface SessionAal {
  id: string;
  aal: string | null;
}

/** `requireAuthentication` + `requireNotAnonymous`, with the session's aal. */
async function requireMfaUser(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<Authenticated & { aal: SessionAal | undefined }> {
  const auth = await requireUser(ctx, req);
  if (auth.claims.is_anonymous === true) {
    throw forbidden(
      'no_authorization',
      'Anonymous user not allowed to perform these actions',
    );
  }
  let aal: SessionAal | undefined;
  if (auth.session) {
    const { rows } = await ctx.db.query<SessionAal>(
      'select id, aal from auth.sessions where id = $1',
      [auth.session.id],
    );
    aal = rows[0];
  }
  return { ...auth, aal };
}

/** `loadFactor`: a factor of this user, by the id in the path. */
async function loadFactor(
  q: Queryable,
  userId: string,
  factorId: string,
): Promise<FactorRow> {
  if (!isUuid(factorId)) {
    throw notFound('validation_failed', 'factor_id must be an UUID');
  }
  const { rows } = await q.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors
      where id = $1 and user_id = $2`,
    [factorId, userId],
  );
  if (!rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

/** Go's `%q` of a string (JSON quoting is the same for printable text). */
const goQuote = (s: string) => JSON.stringify(s);

/**
 * `validateFactors`: drops expired unverified factors, then refuses a
 * friendly name the user already uses, more than the allowed factors, and a
 * new factor from an aal1 session once a factor is verified.
 */
async function validateFactors(
  ctx: BackendContext,
  user: User,
  friendlyName: string,
  session: SessionAal | undefined,
): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - MFA.factorExpiry * 1000);
  await ctx.db.query(
    `delete from auth.mfa_factors f
      where f.status <> 'verified'
        and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
        and f.created_at < $1`,
    [cutoff.toISOString()],
  );
  const { rows } = await ctx.db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1`,
    [user.id],
  );
  let verified = 0;
  for (const f of rows) {
    if ((f.friendly_name ?? '') === friendlyName) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${goQuote(friendlyName)} for this user already exists`,
      );
    }
    if (f.status === 'verified') verified++;
  }
  const tooMany =
    'Maximum number of verified factors reached, unenroll to continue';
  if (rows.length >= MFA.maxEnrolledFactors) {
    throw unprocessable('too_many_enrolled_mfa_factors', tooMany);
  }
  if (verified >= MFA.maxVerifiedFactors) {
    throw unprocessable('too_many_enrolled_mfa_factors', tooMany);
  }
  if (verified > 0 && session && session.aal !== 'aal2') {
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  }
}

/**
 * pquerna/otp's `Key.URL()`: `otpauth://totp/<issuer>:<account>` with the
 * query keys in Go's sorted `url.Values` order.
 */
function otpauthUri(issuer: string, account: string, secret: string): string {
  const path = encodeURIComponent(`${issuer}:${account}`)
    .replace(/%3A/gi, ':')
    .replace(/%40/gi, '@');
  const query = new URLSearchParams([
    ['algorithm', 'SHA1'],
    ['digits', '6'],
    ['issuer', issuer],
    ['period', '30'],
    ['secret', secret],
  ]);
  return `otpauth://totp/${path}?${query.toString()}`;
}

/**
 * The enrolment's QR code as GoTrue sends it: the SVG markup itself (auth-js
 * turns it into a `data:image/svg+xml` URI), error correction level H, three
 * pixels a module. Colours are named, as goqrsvg writes them: a `#` would end
 * the data URI at a fragment.
 */
async function qrSvg(uri: string): Promise<string> {
  const modules = QRCode.create(uri, { errorCorrectionLevel: 'H' }).modules
    .size;
  const svg = await QRCode.toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'H',
    margin: 4,
    width: (modules + 8) * 3,
  });
  return svg
    .trim()
    .replace(/"#ffffff"/g, '"white"')
    .replace(/"#000000"/g, '"black"');
}

async function enrollTotp(
  ctx: BackendContext,
  req: ServiceRequest,
  auth: Authenticated & { aal: SessionAal | undefined },
  friendlyName: string,
  issuerParam: string,
): Promise<ServiceResponse> {
  const { user } = auth;
  const issuer = issuerParam || new URL(ctx.config.publicUrl).host;
  await validateFactors(ctx, user, friendlyName, auth.aal);

  // pquerna/otp's defaults: 20 random bytes, base32 without padding.
  const secret = new OTPAuth.Secret({ size: 20 }).base32.replace(/=+$/, '');
  const uri = otpauthUri(issuer, user.email ?? '', secret);
  const qr = await qrSvg(uri);

  const id = newId();
  const now = ctx.now().toISOString();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type,
         status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', $4, $4, $5)`,
      [id, user.id, friendlyName, now, secret],
    );
    await audit(ctx, tx, req, user, 'factor_in_progress', { factor_id: id });
  });
  return sendJson(200, {
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qr, secret, uri },
  });
}

/** POST /factors (`EnrollFactor`). */
export async function enrollFactor(
  ctx: BackendContext,
  req: ServiceRequest,
): Promise<ServiceResponse> {
  const auth = await requireMfaUser(ctx, req);
  if (!auth.session) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'A valid session and a registered user are required to enroll a factor',
    );
  }
  const p = parseBody(req, 'EnrollFactorParams', {
    friendly_name: 'string',
    factor_type: 'string',
    issuer: 'string',
    phone: 'string',
  });
  switch (p.factor_type) {
    case 'totp':
      return enrollTotp(ctx, req, auth, p.friendly_name, p.issuer);
    // No SMS provider and GoTrue's default MFA_PHONE_ENROLL_ENABLED=false.
    case 'phone':
      throw unprocessable(
        'mfa_phone_enroll_not_enabled',
        'MFA enroll is disabled for Phone',
      );
    // MFA_WEB_AUTHN_ENROLL_ENABLED defaults to false as well.
    case 'webauthn':
      throw unprocessable(
        'mfa_webauthn_enroll_not_enabled',
        'MFA enroll is disabled for WebAuthn',
      );
    default:
      throw badRequest(
        'validation_failed',
        'factor_type needs to be totp, phone, or webauthn',
      );
  }
}

/** Refuses factor types whose verification is off (GoTrue's defaults). */
function requireVerifyEnabled(factor: FactorRow): void {
  if (factor.factor_type === 'phone') {
    throw unprocessable(
      'mfa_phone_verify_not_enabled',
      'MFA verification is disabled for Phone',
    );
  }
  if (factor.factor_type === 'webauthn') {
    throw unprocessable(
      'mfa_webauthn_verify_not_enabled',
      'MFA verification is disabled for WebAuthn',
    );
  }
}

/** The address a challenge is bound to (stored in an inet column). */
const challengeIp = (req: ServiceRequest) => grantInfo(req).ip ?? '0.0.0.0';

/** POST /factors/{id}/challenge (`ChallengeFactor`, TOTP). */
async function challengeFactor(
  ctx: BackendContext,
  req: ServiceRequest,
  factorId: string,
): Promise<ServiceResponse> {
  const { user } = await requireMfaUser(ctx, req);
  const factor = await loadFactor(ctx.db, user.id, factorId);
  await limitMfa(ctx, req, 'mfa_challenge');
  requireVerifyEnabled(factor);
  const id = newId();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       values ($1, $2, $3, $4::inet)`,
      [id, factor.id, now.toISOString(), challengeIp(req)],
    );
    await tx.query(
      `update auth.mfa_factors set last_challenged_at = $2 where id = $1`,
      [factor.id, now.toISOString()],
    );
    await audit(ctx, tx, req, user, 'challenge_created', {
      factor_id: factor.id,
      factor_status: factor.status,
    });
  });
  return sendJson(200, {
    id,
    type: factor.factor_type,
    expires_at: Math.floor(now.getTime() / 1000) + MFA.challengeExpiry,
  });
}

interface ChallengeRow {
  id: string;
  created_at: Date;
  verified_at: Date | null;
  ip: string;
}

/** `validateChallenge`: the factor's challenge, unused, same address, in time. */
async function validateChallenge(
  ctx: BackendContext,
  req: ServiceRequest,
  factor: FactorRow,
  challengeId: string,
): Promise<ChallengeRow> {
  const { rows } = await ctx.db.query<ChallengeRow>(
    `select id, created_at, verified_at, host(ip_address) as ip
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factor.id],
  );
  const challenge = rows[0];
  if (!challenge) {
    throw unprocessable(
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    );
  }
  if (challenge.verified_at || challenge.ip !== challengeIp(req)) {
    throw unprocessable(
      'mfa_ip_address_mismatch',
      'Challenge and verify IP addresses mismatch.',
    );
  }
  const expiresAt = challenge.created_at.getTime() + MFA.challengeExpiry * 1000;
  if (ctx.now().getTime() > expiresAt) {
    await ctx.db.query('delete from auth.mfa_challenges where id = $1', [
      challenge.id,
    ]);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  return challenge;
}

/**
 * `updateMFASessionAndClaims`: the factor's method joins the session's amr,
 * the refresh token is swapped (the aal1 one can no longer be used), and the
 * session's aal is computed again from its amr and remembers the factor.
 */
async function upgradeSession(
  ctx: BackendContext,
  tx: Queryable,
  user: User,
  sessionId: string,
  factor: FactorRow,
) {
  const now = ctx.now();
  const at = now.toISOString();
  await addAmrClaim(tx, sessionId, AMR_METHOD[factor.factor_type]!, at);
  await tx.query('select id from auth.sessions where id = $1 for update', [
    sessionId,
  ]);
  const { rows } = await tx.query<{ id: number; token: string }>(
    `select id, token from auth.refresh_tokens
      where session_id = $1 and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  const current = rows[0];
  if (current) {
    await tx.query(
      `update auth.refresh_tokens set revoked = true, updated_at = $2
        where id = $1`,
      [current.id, at],
    );
  }
  const refreshToken = await insertRefreshToken(
    tx,
    user.id,
    sessionId,
    current?.token ?? null,
    now,
  );
  const { rows: methods } = await tx.query<{ m: string }>(
    `select authentication_method as m from auth.mfa_amr_claims
      where session_id = $1`,
    [sessionId],
  );
  const aal = methods.some((r) => AAL2_METHODS.includes(r.m)) ? 'aal2' : 'aal1';
  await tx.query(
    `update auth.sessions set aal = $2, factor_id = $3, updated_at = $4
      where id = $1`,
    [sessionId, aal, factor.id, at],
  );
  return sessionResponse(ctx, tx, user.id, sessionId, refreshToken);
}

/** POST /factors/{id}/verify (`VerifyFactor`, TOTP). */
async function verifyFactor(
  ctx: BackendContext,
  req: ServiceRequest,
  factorId: string,
): Promise<ServiceResponse> {
  const { user, claims } = await requireMfaUser(ctx, req);
  const factor = await loadFactor(ctx.db, user.id, factorId);
  await limitMfa(ctx, req, 'mfa_verify');
  const p = parseBody(req, 'VerifyFactorParams', {
    challenge_id: 'string',
    code: 'string',
  });
  // The challenge id is a uuid.UUID in Go: anything else fails to decode.
  const challengeId = p.challenge_id || '00000000-0000-0000-0000-000000000000';
  if (!isUuid(challengeId)) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: uuid: incorrect UUID length ${challengeId.length} in string ${goQuote(challengeId)}`,
    );
  }
  if (!p.code) {
    throw badRequest('validation_failed', 'Code needs to be non-empty');
  }
  requireVerifyEnabled(factor);
  const challenge = await validateChallenge(ctx, req, factor, challengeId);

  const { rows } = await ctx.db.query<{ secret: string }>(
    'select secret from auth.mfa_factors where id = $1',
    [factor.id],
  );
  // pquerna/otp's ValidateCustom: 30 s period, one step of skew, six
  // digits, SHA-1.
  const delta = OTPAuth.TOTP.validate({
    token: p.code,
    secret: OTPAuth.Secret.fromBase32(rows[0]?.secret ?? ''),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: ctx.now().getTime(),
    window: 1,
  });
  const valid = delta !== null && /^\d{6}$/.test(p.code);
  // The project's hook sees every attempt, right or wrong (#40 item 21:
  // the per-factor and per-account limits live in the migrations).
  await runMfaVerificationHook(ctx, {
    user_id: user.id,
    factor_id: factor.id,
    factor_type: factor.factor_type,
    valid,
  });
  if (!valid) {
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  }

  const sessionId = claims.session_id;
  if (!sessionId || !isUuid(sessionId)) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'Cannot read SessionId claim as UUID',
    );
  }
  const session = await ctx.db.transaction(async (tx) => {
    const now = ctx.now().toISOString();
    await audit(ctx, tx, req, user, 'verification_attempted', {
      factor_id: factor.id,
      challenge_id: challenge.id,
      factor_type: factor.factor_type,
    });
    await tx.query(
      'update auth.mfa_challenges set verified_at = $2 where id = $1',
      [challenge.id, now],
    );
    if (factor.status !== 'verified') {
      await tx.query(
        `update auth.mfa_factors set status = 'verified', updated_at = $2
          where id = $1`,
        [factor.id, now],
      );
    }
    const fresh = (await findUserById(tx, user.id))!;
    const response = await upgradeSession(ctx, tx, fresh, sessionId, factor);
    // `InvalidateSessionsWithAALLessThan(aal2)`: every other aal1 session ends.
    await tx.query(
      `delete from auth.sessions where user_id = $1 and aal < $2`,
      [user.id, 'aal2'],
    );
    // `DeleteUnverifiedFactors` of the verified factor's type.
    await tx.query(
      `delete from auth.mfa_factors
        where user_id = $1 and status = 'unverified' and factor_type = $2`,
      [user.id, factor.factor_type],
    );
    return response;
  });
  return sendJson(200, session);
}

/**
 * `DowngradeSessionsToAAL1`: the sessions verified with a removed factor
 * lose its amr entry and go back to aal1 (their next token says so).
 */
async function downgradeSessions(
  tx: Queryable,
  factor: FactorRow,
): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims
      where authentication_method = $2
        and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id, AMR_METHOD[factor.factor_type]],
  );
  await tx.query(
    `update auth.sessions set aal = 'aal1', factor_id = null
      where user_id = $1 and factor_id = $2`,
    [factor.user_id, factor.id],
  );
}

/** DELETE /factors/{id} (`UnenrollFactor`). */
async function unenrollFactor(
  ctx: BackendContext,
  req: ServiceRequest,
  factorId: string,
): Promise<ServiceResponse> {
  const { user, aal } = await requireMfaUser(ctx, req);
  const factor = await loadFactor(ctx.db, user.id, factorId);
  if (!aal) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'A valid session and factor are required to unenroll a factor',
    );
  }
  if (factor.status === 'verified' && aal.aal !== 'aal2') {
    throw unprocessable(
      'insufficient_aal',
      'AAL2 required to unenroll verified factor',
    );
  }
  await ctx.db.transaction(async (tx) => {
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    await audit(ctx, tx, req, user, 'factor_unenrolled', {
      factor_id: factor.id,
      factor_status: factor.status,
      session_id: aal.id,
    });
    await downgradeSessions(tx, factor);
  });
  return sendJson(200, { id: factor.id });
}

const FACTOR_ROUTE = /^\/factors\/([^/]+)(\/challenge|\/verify)?$/;

type Route = (
  ctx: BackendContext,
  req: ServiceRequest,
) => Promise<ServiceResponse>;

/** The `/factors/{factor_id}[/challenge|/verify]` routes, or 'method'. */
export function factorRoute(
  path: string,
  method: string,
): Route | 'method' | undefined {
  const m = FACTOR_ROUTE.exec(path);
  if (!m) return undefined;
  const id = decodeURIComponent(m[1]!);
  if (m[2] === '/challenge') {
    return method === 'POST'
      ? (ctx, req) => challengeFactor(ctx, req, id)
      : 'method';
  }
  if (m[2] === '/verify') {
    return method === 'POST'
      ? (ctx, req) => verifyFactor(ctx, req, id)
      : 'method';
  }
  return method === 'DELETE'
    ? (ctx, req) => unenrollFactor(ctx, req, id)
    : 'method';
}

/** GET /admin/users/{id}/factors (`adminUserGetFactors`). */
export function adminListFactors(user: User): ServiceResponse {
  return sendJson(200, user.factors.map(factorJson));
}

/** DELETE /admin/users/{id}/factors/{factor_id} (`adminUserDeleteFactor`). */
export async function adminDeleteFactor(
  ctx: BackendContext,
  req: ServiceRequest,
  user: User,
  factorId: string,
): Promise<ServiceResponse> {
  const factor = await loadFactor(ctx.db, user.id, factorId);
  await ctx.db.transaction(async (tx) => {
    await audit(ctx, tx, req, user, 'factor_deleted', {
      user_id: user.id,
      factor_id: factor.id,
    });
    await tx.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    await downgradeSessions(tx, factor);
  });
  return sendJson(200, factorJson(factor));
}
