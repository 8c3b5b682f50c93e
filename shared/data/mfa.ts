import type { Client } from './client.ts';
import { toDataError } from './client.ts';

/** A verified or pending TOTP factor of the signed-in user. */
export interface TotpFactor {
  id: string;
  status: 'verified' | 'unverified';
  friendlyName: string | null;
}

/** What the enrolment shows: the QR code image and the key to type in. */
export interface TotpEnrolment {
  factorId: string;
  /** A `data:image/svg+xml` URI (auth-js builds it from GoTrue's SVG). */
  qrCode: string;
  secret: string;
  uri: string;
}

/**
 * Where the session stands: `needsCode` when the account has a verified
 * factor (nextLevel aal2) and this session has not passed it yet (aal1).
 */
export async function assuranceLevel(
  client: Client,
): Promise<{ needsCode: boolean; current: string | null }> {
  const { data, error } =
    await client.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw toDataError(error);
  return {
    needsCode: data.nextLevel === 'aal2' && data.currentLevel !== 'aal2',
    current: data.currentLevel,
  };
}

/** The account's TOTP factors (verified and pending), from GET /user. */
export async function listTotpFactors(client: Client): Promise<TotpFactor[]> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw toDataError(error);
  return data.all
    .filter((f) => f.factor_type === 'totp')
    .map((f) => ({
      id: f.id,
      status: f.status,
      friendlyName: f.friendly_name ?? null,
    }));
}

/**
 * Starts a TOTP enrolment. Pending factors left by an abandoned enrolment
 * are removed first: GoTrue refuses a second factor with the same friendly
 * name.
 */
export async function enrollTotp(
  client: Client,
  issuer: string,
): Promise<TotpEnrolment> {
  for (const f of await listTotpFactors(client)) {
    if (f.status === 'unverified') await unenrollFactor(client, f.id);
  }
  const { data, error } = await client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Authenticator app',
    issuer,
  });
  if (error) throw toDataError(error);
  return {
    factorId: data.id,
    qrCode: data.totp.qr_code,
    secret: data.totp.secret,
    uri: data.totp.uri,
  };
}

/**
 * Proves a 6-digit code for the factor (challenge + verify): the session
 * becomes aal2 and a pending factor becomes verified.
 */
export async function verifyTotp(
  client: Client,
  factorId: string,
  code: string,
): Promise<void> {
  const { error } = await client.auth.mfa.challengeAndVerify({
    factorId,
    code,
  });
  if (error) throw toDataError(error);
}

/** Removes a factor (a verified one needs an aal2 session). */
export async function unenrollFactor(
  client: Client,
  factorId: string,
): Promise<void> {
  const { error } = await client.auth.mfa.unenroll({ factorId });
  if (error) throw toDataError(error);
}

/** The first verified TOTP factor, which sign-in asks a code for. */
export async function verifiedTotpFactor(
  client: Client,
): Promise<TotpFactor | undefined> {
  return (await listTotpFactors(client)).find((f) => f.status === 'verified');
}
