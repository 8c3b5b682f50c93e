import {
  BLOG_BOOT_ELEMENT_ID,
  blogPage,
  serializeBlogBoot,
  type BlogBoot,
} from '../shared/data/blog-boot.ts';
import { loadBlogBoot } from '../shared/data/load-blog-boot.ts';
import { anonClientOf } from './anon-client.ts';

/**
 * Reads a blog page's public data for the HTML the server sends: through
 * supabase-js with the anon key, as any visitor would, so the database's
 * policies and the client's own data functions decide what it holds.
 */
export function blogBootReader(supabaseUrl: () => string, anonKey: string) {
  const anon = anonClientOf(supabaseUrl, anonKey);

  return async (
    pathname: string,
    rawQuery: string,
  ): Promise<BlogBoot | undefined> => {
    if (!blogPage(pathname)) return undefined;
    try {
      return await loadBlogBoot(
        anon(),
        pathname,
        new URLSearchParams(rawQuery),
      );
    } catch (e) {
      // The page still works: it loads the same data live.
      console.error(`[peega] blog data for ${pathname} failed:`, e);
      return undefined;
    }
  };
}

/** Puts the page's data into the built index.html, ahead of its scripts. */
export function injectBlogBoot(html: string, boot: BlogBoot): string {
  const tag = `<script id="${BLOG_BOOT_ELEMENT_ID}" type="application/json">${serializeBlogBoot(boot)}</script>`;
  // A function replacement: `$&` in an article must stay text.
  return html.replace('</head>', () => `    ${tag}\n  </head>`);
}
