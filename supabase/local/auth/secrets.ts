import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** GoTrue's `SecureAlphanumeric`: lower-case base32 of random bytes. */
export function secureAlphanumeric(length: number): string {
  const bytes = randomBytes(Math.ceil((length * 5) / 8));
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < length) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= 0xff;
  }
  return out;
}

/** A refresh token in GoTrue's legacy format: 12 random characters. */
export const newRefreshToken = () => secureAlphanumeric(12);

/** A 6-digit e-mail one-time code. */
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * The token hash of an e-mail code (what links carry and the user row
 * keeps): GoTrue's hex SHA-224 of address + code, but keyed with the
 * server's secret. GoTrue's plain hash lets anyone compute the link of every
 * possible code and try them as `token_hash`, past the per-address limit on
 * codes; a keyed one cannot be computed outside the server.
 */
export const tokenHash = (secret: string, address: string, otp: string) =>
  createHmac('sha224', secret)
    .update(address + otp)
    .digest('hex');

export const newId = () => randomUUID();

export const isUuid = (s: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** Go's `time.Time` JSON: RFC 3339, UTC, fraction without trailing zeros. */
export function goTime(d: Date): string {
  return d
    .toISOString()
    .replace(/\.(\d*?)0*Z$/, (_, f: string) => (f ? `.${f}Z` : 'Z'));
}
