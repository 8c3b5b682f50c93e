// Secrets of tracker integrations (#22) at rest: AES-256-GCM with a random
// 12-byte IV per value, under the function secret PEEGA_INTEGRATIONS_KEY
// (32 bytes, base64). The database only ever receives 'v1:' + base64(IV ||
// ciphertext || tag). Web Crypto only: runs on Deno and Node.

const PREFIX = 'v1:';

export class MissingKey extends Error {}

const toBase64 = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The AES key of PEEGA_INTEGRATIONS_KEY; MissingKey when unset or not 32 bytes. */
export async function integrationsKey(
  env: Record<string, string | undefined>,
): Promise<CryptoKey> {
  const raw = env.PEEGA_INTEGRATIONS_KEY;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64((raw ?? '').trim());
  } catch {
    bytes = new Uint8Array();
  }
  if (bytes.length !== 32)
    throw new MissingKey(
      'PEEGA_INTEGRATIONS_KEY is not set to 32 random bytes in base64 (supabase secrets set PEEGA_INTEGRATIONS_KEY=…).',
    );
  return crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
}

export async function seal(key: CryptoKey, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      key,
      new TextEncoder().encode(plain),
    ),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return PREFIX + toBase64(out);
}

/** The plaintext; throws when the value was not sealed with this key. */
export async function open(key: CryptoKey, stored: string): Promise<string> {
  if (!stored.startsWith(PREFIX)) throw new Error('Unknown ciphertext format.');
  const bytes = fromBase64(stored.slice(PREFIX.length));
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, 12) },
    key,
    bytes.subarray(12),
  );
  return new TextDecoder().decode(plain);
}

/** A fresh webhook secret: 32 random bytes in hex. */
export const randomSecret = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/** Hex HMAC-SHA256 of a body. */
export async function hmacHex(
  secret: string,
  body: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, body));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Equality that takes the same time wherever the strings differ. */
export function sameText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
