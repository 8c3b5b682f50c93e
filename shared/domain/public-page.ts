/**
 * "You said, we did" (#22): the rules of a company's public page, shared by
 * the settings form, the publish dialog and the page server. The database
 * enforces the same rules (set_public_page, publish_topic); these give the
 * form its messages before a round trip.
 */

export const PUBLIC_SLUG_MIN = 3;
export const PUBLIC_SLUG_MAX = 40;
export const PUBLIC_TITLE_MAX = 120;
export const PUBLIC_NOTE_MAX = 1000;
/** Topics per page of get_public_changes (the database caps it at 50). */
export const PUBLIC_CHANGES_PAGE = 20;

/** Words a slug may not be (the same list as private.reserved_public_slug). */
export const RESERVED_PUBLIC_SLUGS: readonly string[] = [
  'admin',
  'administrator',
  'api',
  'app',
  'auth',
  'blog',
  'changes',
  'companies',
  'company',
  'dashboard',
  'help',
  'login',
  'logout',
  'new',
  'official',
  'peega',
  'privacy',
  'root',
  'security',
  'settings',
  'signup',
  'staff',
  'support',
  'system',
  'terms',
  'www',
];

const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;

/** The slug as the database stores it: trimmed, lowercase ('' = off). */
export function normalizePublicSlug(input: string): string {
  return input.trim().toLowerCase();
}

/** Why a slug cannot be used, or null when it can ('' turns the page off). */
export function publicSlugError(input: string): string | null {
  const slug = normalizePublicSlug(input);
  if (slug === '') return null;
  if (
    slug.length < PUBLIC_SLUG_MIN ||
    slug.length > PUBLIC_SLUG_MAX ||
    !SLUG.test(slug)
  )
    return 'Use 3 to 40 lowercase letters, digits or dashes, starting and ending with a letter or digit.';
  if (RESERVED_PUBLIC_SLUGS.includes(slug))
    return `The address "${slug}" is reserved. Please choose another.`;
  return null;
}

/** A slug suggestion from the company's name ("Acme Inc." → "acme-inc"). */
export function suggestPublicSlug(companyName: string): string {
  const base = companyName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PUBLIC_SLUG_MAX)
    .replace(/-+$/g, '');
  return base.length >= PUBLIC_SLUG_MIN ? base : '';
}

/** The page's path (`/changes/<slug>`). */
export function publicChangesPath(slug: string): string {
  return `/changes/${encodeURIComponent(slug)}`;
}

/** The slug of a `/changes/<slug>` path, or null for any other path. */
export function publicChangesSlug(pathname: string): string | null {
  const m = /^\/changes\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/** Why the publish form cannot be sent, or null. */
export function publishTopicError(title: string, note: string): string | null {
  const t = title.trim();
  if (t.length === 0 || t.length > PUBLIC_TITLE_MAX)
    return `The public title needs 1 to ${PUBLIC_TITLE_MAX} characters.`;
  if (note.length > PUBLIC_NOTE_MAX)
    return `The note can be at most ${PUBLIC_NOTE_MAX} characters.`;
  return null;
}

/** The page's heading: "<Company> — You said, we did". */
export function publicChangesTitle(companyName: string): string {
  return `${companyName} — You said, we did`;
}

/** "1 person reported this" / "N people reported this". */
export function reportersLabel(n: number): string {
  return n === 1 ? '1 person reported this' : `${n} people reported this`;
}

/** The contributor's notification (#22). */
export function topicCompletedNotice(
  companyName: string,
  title: string,
  xp: number,
): string {
  const earned = xp > 0 ? ` — you earned ${xp} XP` : '';
  return `${companyName} completed something you reported: “${title}”${earned}`;
}
