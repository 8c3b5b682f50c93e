import {
  BLOG_BOOT_ELEMENT_ID,
  type BlogArticleBoot,
  type BlogBoot,
  type BlogListBoot,
  type BlogListFilters,
} from '@shared/data/blog-boot';
import { NAVIGATED_EVENT } from '@web/lib/navigated';

let boot: BlogBoot | null | undefined;

// Any move to another path ends it, even through screens that never read it.
addEventListener(NAVIGATED_EVENT, () => void current());

/**
 * The blog data the server put into this page (shared/data/blog-boot.ts).
 * It describes the page as first loaded: once the app has moved to another
 * path it is dropped, and every later blog page loads live.
 */
function current(): BlogBoot | null {
  if (boot === undefined) {
    boot = null;
    const el = document.getElementById(BLOG_BOOT_ELEMENT_ID);
    try {
      if (el?.textContent) boot = JSON.parse(el.textContent) as BlogBoot;
    } catch (e) {
      console.error('Unreadable blog page data:', e);
    }
  }
  if (boot && boot.path !== window.location.pathname) boot = null;
  return boot;
}

/** The embedded article data, if this page was served for `slug`. */
export function bootArticle(slug: string): BlogArticleBoot | undefined {
  const b = current();
  return b?.kind === 'article' && b.slug === slug ? b : undefined;
}

/** The embedded list data, if this page was served as the list. */
export function bootList(): BlogListBoot | undefined {
  const b = current();
  return b?.kind === 'list' ? b : undefined;
}

export const sameFilters = (a: BlogListFilters, b: BlogListFilters) =>
  a.search === b.search && a.categorySlug === b.categorySlug;
