import { browser } from '#imports';

/**
 * Least privilege (issue #26): the manifest asks for no host permission.
 * A user who wants console errors and failed requests attached opts in per
 * site; the browser then grants an optional host permission for that
 * site's origin only, which is all the recording scripts need. Removing it
 * (Options, or the browser's own site access) stops them.
 */

/** The match pattern of a page's site (scheme and host; any port), or null for pages that are no site. */
export function sitePattern(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol, hostname } = new URL(url);
    if (!/^https?:$/.test(protocol) || !hostname) return null;
    return `${protocol}//${hostname}/*`;
  } catch {
    return null;
  }
}

/** The host a pattern names, for people: `http://shop.test/*` → `shop.test`. */
export function patternHost(pattern: string): string {
  return pattern.replace(/^[a-z]+:\/\//, '').replace(/\/\*$/, '');
}

/** The sites the user opted in for (http(s) origins granted at run time). */
export async function grantedSites(): Promise<string[]> {
  const { origins = [] } = await browser.permissions.getAll();
  return origins.filter((o) => /^https?:\/\/[^*/]+\/\*$/.test(o)).sort();
}

export function hasSiteAccess(pattern: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [pattern] });
}

/**
 * Asks the browser for one site. Must be called in the click's own task
 * (before any await): browsers grant permission prompts to user gestures
 * only.
 */
export function requestSiteAccess(pattern: string): Promise<boolean> {
  return browser.permissions.request({ origins: [pattern] });
}

export function removeSiteAccess(pattern: string): Promise<boolean> {
  return browser.permissions.remove({ origins: [pattern] });
}
