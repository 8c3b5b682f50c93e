import { describe, expect, it } from 'vitest';
import { articleSlug, toSlug } from '@shared/domain/slug.ts';

describe('toSlug', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['Hello, World!', 'hello-world'],
    ['Hello   World', 'hello-world'],
    ['Hello - World', 'hello-world'],
    ['hello--world', 'hello-world'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['-dashes-', 'dashes'],
    ['10 Tips for 2025', '10-tips-for-2025'],
    ['Café Crème', 'cafe-creme'],
    ['snake_case_title', 'snakecasetitle'],
    ['Tabs\tand\nnewlines', 'tabs-and-newlines'],
    ['UX/UI: what’s new?', 'uxui-whats-new'],
    ['Ünïcödé', 'unicode'],
    ['Привет мир', 'privet-mir'],
    ['Щука и ёж', 'shchuka-i-ezh'],
    ['Ελληνικά νέα', 'ellinika-nea'],
    ['Straße Øl', 'strasse-ol'],
    ['日本語', ''],
    ['!!!', ''],
    ['', ''],
    ['already-a-slug', 'already-a-slug'],
  ])('%j → %j', (text, slug) => {
    expect(toSlug(text)).toBe(slug);
  });

  it.each([['Hello, World!'], ['Café Crème'], ['a - b -- c']])(
    'is idempotent on %j',
    (text) => {
      expect(toSlug(toSlug(text))).toBe(toSlug(text));
    },
  );
});

describe('articleSlug', () => {
  it.each([
    ['', 'My First Post', 'my-first-post'],
    [null, 'My First Post', 'my-first-post'],
    [undefined, 'My First Post', 'my-first-post'],
    ['   ', 'My First Post', 'my-first-post'],
    ['custom-slug', 'My First Post', 'custom-slug'],
    ['Custom Slug!', 'My First Post', 'custom-slug'],
    ['!!!', 'My First Post', 'my-first-post'],
    ['', '!!!', ''],
  ])('typed %j, title %j → %j', (typed, title, slug) => {
    expect(articleSlug(typed, title)).toBe(slug);
  });
});
