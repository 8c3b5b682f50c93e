import { describe, expect, it } from 'vitest';
import {
  blogArticleSchema,
  tagNameSchema,
} from '@shared/domain/validation/blog.ts';
import { issuesOf } from './issues.ts';

const REQUIRED = 'Title and content are required';

describe('blogArticleSchema', () => {
  it('fills defaults and makes the slug from the title', () => {
    expect(
      blogArticleSchema.parse({
        title: ' Hello, World! ',
        content: '<p>Hi</p>',
      }),
    ).toEqual({
      title: 'Hello, World!',
      slug: 'hello-world',
      excerpt: '',
      content: '<p>Hi</p>',
      metaTitle: '',
      metaDescription: '',
      featuredImageUrl: '',
      published: false,
      categoryIds: [],
      tagIds: [],
    });
  });

  it('leaves the slug to the database for titles without romanisation', () => {
    expect(
      blogArticleSchema.parse({ title: '日本語のタイトル', content: 'x' }).slug,
    ).toBe('');
    expect(
      blogArticleSchema.parse({ title: 'Привет мир', content: 'x' }).slug,
    ).toBe('privet-mir');
  });

  it('keeps a typed slug, cleaned', () => {
    expect(
      blogArticleSchema.parse({
        title: 'Hello',
        slug: 'My Custom Slug',
        content: 'x',
        published: true,
        categoryIds: ['c1', 'c1', 'c2'],
        tagIds: ['t1'],
        featuredImageUrl: 'https://cdn.example.com/a.png',
      }),
    ).toMatchObject({
      slug: 'my-custom-slug',
      published: true,
      categoryIds: ['c1', 'c2'],
      tagIds: ['t1'],
      featuredImageUrl: 'https://cdn.example.com/a.png',
    });
  });

  it.each<[string, Record<string, unknown>, [string, string][]]>([
    ['no title', { title: '', content: 'x' }, [['title', REQUIRED]]],
    ['blank content', { title: 'T', content: '   ' }, [['content', REQUIRED]]],
    [
      'neither',
      { title: ' ', content: '' },
      [
        ['title', REQUIRED],
        ['content', REQUIRED],
      ],
    ],
    [
      'title without letters or digits',
      { title: '!!!', content: 'x' },
      [['slug', 'Please enter a slug with at least one letter or digit.']],
    ],
    [
      'image URL not http(s)',
      { title: 'T', content: 'x', featuredImageUrl: 'javascript:alert(1)' },
      [['featuredImageUrl', 'Please enter a valid image URL.']],
    ],
  ])('%s', (_label, input, expected) => {
    expect(issuesOf(blogArticleSchema, input)).toEqual(expected);
  });
});

describe('tagNameSchema', () => {
  it.each([
    ['React', { name: 'React', slug: 'react' }],
    ['  User Research ', { name: 'User Research', slug: 'user-research' }],
    ['C++ Tips', { name: 'C++ Tips', slug: 'c-tips' }],
  ])('%j → %j', (input, output) => {
    expect(tagNameSchema.parse(input)).toEqual(output);
  });

  it.each([
    ['', 'Please enter a tag name.'],
    ['   ', 'Please enter a tag name.'],
    ['!!!', 'Tag names need at least one letter or digit.'],
  ])('%j → %j', (input, message) => {
    expect(issuesOf(tagNameSchema, input)).toEqual([['', message]]);
  });
});
