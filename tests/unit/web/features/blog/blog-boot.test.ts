import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BLOG_BOOT_ELEMENT_ID,
  serializeBlogBoot,
  type BlogBoot,
} from '@shared/data/blog-boot';
import { NAVIGATED_EVENT } from '@web/lib/navigated';
import { hasStoredSession } from '@web/lib/stored-session';

const article: BlogBoot = {
  kind: 'article',
  path: '/blog/hello',
  slug: 'hello',
  article: null,
  likeCount: 3,
  related: [],
};
const list: BlogBoot = {
  kind: 'list',
  path: '/blog',
  filters: { search: '', categorySlug: '' },
  articles: [],
  categories: [],
};

/** A page as the server sends it, then a fresh copy of the reader. */
async function servedPage(boot: BlogBoot | string, at: string) {
  document.head.innerHTML = `<script id="${BLOG_BOOT_ELEMENT_ID}" type="application/json">${
    typeof boot === 'string' ? boot : serializeBlogBoot(boot)
  }</script>`;
  history.replaceState(null, '', at);
  vi.resetModules();
  return import('@web/features/blog/lib/blog-boot');
}

/** What the app's router announces after each move (app/router.tsx). */
const moved = () => dispatchEvent(new Event(NAVIGATED_EVENT));

beforeEach(() => localStorage.clear());
afterEach(() => {
  document.head.innerHTML = '';
  history.replaceState(null, '', '/');
});

describe('the blog data the server put into the page', () => {
  it('is read for the article it was served for, and no other', async () => {
    const boot = await servedPage(article, '/blog/hello');
    expect(boot.bootArticle('hello')).toEqual(article);
    expect(boot.bootArticle('other')).toBeUndefined();
    expect(boot.bootList()).toBeUndefined();
  });

  it('is dropped for good once the app moves to another path', async () => {
    const boot = await servedPage(list, '/blog');
    expect(boot.bootList()).toEqual(list);
    history.pushState(null, '', '/app');
    moved();
    history.pushState(null, '', '/blog');
    moved();
    expect(boot.bootList()).toBeUndefined();
  });

  it('survives a change of the query string on the same page', async () => {
    const boot = await servedPage(list, '/blog');
    history.replaceState(null, '', '/blog?q=bugs');
    moved();
    expect(boot.bootList()).toEqual(list);
  });

  it('is absent from a page served without it, or unreadable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = await servedPage('{not json', '/blog');
    expect(broken.bootList()).toBeUndefined();
    document.head.innerHTML = '';
    vi.resetModules();
    const none = await import('@web/features/blog/lib/blog-boot');
    expect(none.bootList()).toBeUndefined();
  });
});

describe('hasStoredSession', () => {
  it('sees a supabase-js session key and nothing else', () => {
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('likedArticles', '[]');
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('sb-127-auth-token', '{}');
    expect(hasStoredSession()).toBe(true);
  });
});
