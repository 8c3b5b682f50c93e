import { describe, expect, it } from 'vitest';
import { blogArticleHref } from '@web/config/paths';

describe('blogArticleHref', () => {
  it('fills in the slug, URL-encoded', () => {
    expect(blogArticleHref('hello-world')).toBe('/blog/hello-world');
    expect(blogArticleHref('a b/c')).toBe('/blog/a%20b%2Fc');
  });
});
