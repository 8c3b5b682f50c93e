/**
 * Field schemas reused by several forms: e-mail, passwords, website URL,
 * domains.
 */

import { z } from 'zod';
import {
  isValidWebsiteHost,
  normalizeDomain,
  urlScheme,
} from '../domain-match.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import { passwordPatternWeaknesses } from './password-strength.ts';
import {
  DOMAIN_INVALID,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  WEBSITE_URL_INVALID,
} from './messages.ts';

/**
 * E-mail address: trimmed and lowercased (as the auth server stores it);
 * blank → 'Please enter your email address.'; not an address → 'Please
 * enter a valid email address.'.
 */
export const emailSchema = z
  .string(EMAIL_REQUIRED)
  .trim()
  .min(1, EMAIL_REQUIRED)
  .toLowerCase()
  .pipe(z.email(EMAIL_INVALID));

/**
 * A password being chosen (sign-up, change password): 8 to 72 characters,
 * kept as typed (no trimming). Shorter → 'Password must be at least 8
 * characters long.'. Then Peega's pattern rules (password-strength.ts): not
 * spaces only, not a repeated character or pattern, not built on the
 * service's name; the forms are where they hold. Leaked passwords are the
 * server's (GoTrue's `pwned`), whose weak-password message the forms show.
 */
export const newPasswordSchema = z
  .string(PASSWORD_TOO_SHORT.description)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT.description)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG.description)
  .superRefine((password, issues) => {
    for (const weakness of passwordPatternWeaknesses(password)) {
      issues.addIssue({ code: 'custom', message: weakness.message });
    }
  });

/**
 * A password being entered to sign in: any non-empty string (old accounts
 * may predate the length rule); empty → 'Please enter your password.'.
 */
export const existingPasswordSchema = z
  .string(PASSWORD_REQUIRED)
  .min(1, PASSWORD_REQUIRED);

/**
 * Website URL as typed, normalised for saving: trimmed; blank or missing →
 * null; without a scheme `https://` is prefixed (`example.com/x` →
 * `https://example.com/x`). Undefined when invalid: not http(s), or its host
 * is not a website host (see isValidWebsiteHost: public names, `localhost`,
 * IP addresses, and one-label intranet names when typed with `http(s)://`).
 */
export function normalizeWebsiteUrl(
  input: string | null | undefined,
): string | null | undefined {
  const trimmed = (input ?? '').trim();
  if (trimmed === '') return null;
  const explicitScheme = urlScheme(trimmed) !== null;
  const candidate = explicitScheme ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!isValidWebsiteHost(host, explicitScheme)) return undefined;
  return candidate;
}

/**
 * Optional website URL field: output is the URL from
 * {@link normalizeWebsiteUrl} or null when blank; invalid → 'Please enter a
 * valid website URL.'.
 */
export const optionalWebsiteUrlSchema = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    const url = normalizeWebsiteUrl(value);
    if (url === undefined) {
      ctx.issues.push({
        code: 'custom',
        message: WEBSITE_URL_INVALID,
        input: value,
      });
      return z.NEVER;
    }
    return url;
  });

/**
 * One domain typed in settings (Enter or plus button): a bare domain or a
 * URL, normalised (scheme, port, path and leading `www.` removed,
 * lowercased); not a valid host name → 'Please enter a valid domain, like
 * example.com.'.
 */
export const domainSchema = z.string(DOMAIN_INVALID).transform((value, ctx) => {
  const domain = normalizeDomain(value);
  if (domain === null) {
    ctx.issues.push({ code: 'custom', message: DOMAIN_INVALID, input: value });
    return z.NEVER;
  }
  return domain;
});

/**
 * A company's domain list, from a list or the comma-separated string of the
 * sign-up form: entries split on commas and whitespace, each normalised like
 * {@link domainSchema}; empty entries and duplicates dropped (first kept);
 * any invalid entry → 'Please enter a valid domain, like example.com.'.
 * Missing or blank → `[]`.
 */
export const domainListSchema = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((value, ctx) => {
    const entries = (typeof value === 'string' ? [value] : (value ?? []))
      .flatMap((entry) => entry.split(/[\s,]+/))
      .filter((entry) => entry !== '');
    const domains: string[] = [];
    for (const entry of entries) {
      const domain = normalizeDomain(entry);
      if (domain === null) {
        ctx.issues.push({
          code: 'custom',
          message: DOMAIN_INVALID,
          input: entry,
        });
      } else if (!domains.includes(domain)) {
        domains.push(domain);
      }
    }
    return domains;
  });
