/**
 * Masks secrets in text the extension records on a page (console messages,
 * request addresses) before anything leaves the browser. The database
 * masks again with the same rules (`private.mask_secrets`), so a client
 * that skips this sends nothing more. Masking is idempotent: masked text
 * masks to itself.
 */

export const MASK = {
  secret: '[secret]',
  email: '[email]',
  jwt: '[jwt]',
  hex: '[hex]',
  id: '[id]',
  number: '[number]',
} as const;

/** Names whose values are credentials: `name=value` (queries, cookies, forms). */
const PARAM_NAMES =
  '(?:[a-z]+[_-])?(?:token|api[_-]?key|apikey|key|secret|password|passwd|pwd|pass|auth|session(?:[_-]?id)?|sid|code|signature|sig|otp|jwt)';

/** The narrower set for `name: value` and JSON, where "code: 500" is no secret. */
const FIELD_NAMES =
  '(?:[a-z]+[_-])?(?:token|api[_-]?key|apikey|secret|password|passwd|jwt|session[_-]?id)';

const RULES: [RegExp, string | ((m: string, ...g: string[]) => string)][] = [
  // JSON Web Tokens before anything else (they also look like base64).
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*)?/g, MASK.jwt],
  [
    /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]+/gi,
    (_m, s) => `${s} ${MASK.secret}`,
  ],
  // name=value (query strings, cookies, forms) and "name": "value" (JSON).
  [
    new RegExp(`(\\b${PARAM_NAMES}=)[^&\\s#;,"'<>]+`, 'gi'),
    (_m, n) => `${n}${MASK.secret}`,
  ],
  [
    new RegExp(`(["']?\\b${FIELD_NAMES}["']?\\s*:\\s*["']?)[^"'\\s,}&]+`, 'gi'),
    (_m, n) => `${n}${MASK.secret}`,
  ],
  // UUIDs name accounts and orders on the company's own system, which
  // would undo the author's anonymity.
  [
    /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
    MASK.id,
  ],
  [/\b[0-9a-f]{24,}\b/gi, MASK.hex],
  // International phone numbers, and 12 digits or more (card, account
  // and phone numbers; dates and short order numbers stay).
  [/\+\d(?:[\s.()-]*\d){7,14}/g, MASK.number],
  [/\b\d(?:[ -]?\d){11,}\b/g, MASK.number],
  // Long base64 (mixed case and digits; a path of lower-case words is no
  // secret) and base64url or alphanumeric keys (a slug of words with
  // separators is none either).
  [
    /[A-Za-z0-9+/=]{32,}/g,
    (m) => (hasDigit(m) && mixedCase(m) ? MASK.secret : m),
  ],
  [
    /[A-Za-z0-9_-]{32,}/g,
    (m) =>
      hasDigit(m) && /[A-Za-z]/.test(m) && (mixedCase(m) || !/[-_]/.test(m))
        ? MASK.secret
        : m,
  ],
];

const hasDigit = (s: string) => /\d/.test(s);
const mixedCase = (s: string) => /[a-z]/.test(s) && /[A-Z]/.test(s);

const EMAIL_DOMAIN = /@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const LOCAL_PART = /[A-Za-z0-9!#$%'*+^_`{|}~.-]/;
/** Also allowed right before the @ (a local part may end in them). */
const LOCAL_PART_END = /[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]/;

/**
 * E-mail addresses: found from their @ and domain, the local part taken
 * backwards from there. A regular expression starting at the local part
 * would try every position of a long run of such characters (quadratic).
 */
function maskEmails(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(EMAIL_DOMAIN)) {
    let start = match.index;
    if (start > last && LOCAL_PART_END.test(text[start - 1]!)) start--;
    while (start > last && LOCAL_PART.test(text[start - 1]!)) start--;
    out += text.slice(last, start) + MASK.email;
    last = match.index + match[0].length;
  }
  return out + text.slice(last);
}

/** The text with credentials, e-mail addresses, ids and long random strings masked. */
export function maskSecrets(text: string): string {
  // JWTs first (their parts look like base64), then e-mail addresses.
  let out = maskEmails(text.replace(RULES[0]![0], MASK.jwt));
  for (const [pattern, replacement] of RULES.slice(1)) {
    out =
      typeof replacement === 'string'
        ? out.replace(pattern, replacement)
        : out.replace(pattern, replacement as (m: string) => string);
  }
  return out;
}

/**
 * A request address as it may be sent: no query string, no fragment, no
 * user name or password, and secrets in the path masked. Not a URL: the
 * path as written, for anything that does not parse.
 */
export function maskUrl(url: string): string {
  const bare = url.replace(/[?#].*$/s, '');
  const withoutUser = bare.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
  return maskSecrets(withoutUser);
}
