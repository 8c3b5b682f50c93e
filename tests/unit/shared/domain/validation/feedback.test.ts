import { describe, expect, it } from 'vitest';
import { feedbackFormSchema } from '@shared/domain/validation/feedback.ts';
import { issuesOf } from './issues.ts';

const MISSING = 'Please fill in title, description, and company name.';

const VALID = {
  companyName: ' Example ',
  websiteUrl: 'https://example.com/checkout',
  title: ' Checkout button broken ',
  description: ' Nothing happens on click. ',
  category: 'bug' as const,
};

describe('feedbackFormSchema', () => {
  it('parses a valid form', () => {
    expect(feedbackFormSchema.parse(VALID)).toEqual({
      companyName: 'Example',
      websiteUrl: 'https://example.com/checkout',
      title: 'Checkout button broken',
      description: 'Nothing happens on click.',
      category: 'bug',
    });
  });

  it.each([
    [undefined, 'other'],
    [null, 'other'],
    ['feature', 'feature'],
    ['improvement', 'improvement'],
  ])('category %j → %s', (category, expected) => {
    expect(feedbackFormSchema.parse({ ...VALID, category }).category).toBe(
      expected,
    );
  });

  it.each([
    ['', null],
    [undefined, null],
    ['example.com', 'https://example.com'],
  ])('website %j → %j', (websiteUrl, expected) => {
    expect(feedbackFormSchema.parse({ ...VALID, websiteUrl }).websiteUrl).toBe(
      expected,
    );
  });

  it.each<[string, Record<string, unknown>, [string, string][]]>([
    ['no title', { title: '' }, [['title', MISSING]]],
    ['blank description', { description: '   ' }, [['description', MISSING]]],
    ['no company name', { companyName: undefined }, [['companyName', MISSING]]],
    [
      'all three missing',
      { title: '', description: '', companyName: '' },
      [
        ['companyName', MISSING],
        ['title', MISSING],
        ['description', MISSING],
      ],
    ],
    [
      'invalid website',
      { websiteUrl: 'not a url' },
      [['websiteUrl', 'Please enter a valid website URL.']],
    ],
  ])('%s', (_label, change, expected) => {
    expect(issuesOf(feedbackFormSchema, { ...VALID, ...change })).toEqual(
      expected,
    );
  });

  it('refuses an unknown category', () => {
    const paths = issuesOf(feedbackFormSchema, {
      ...VALID,
      category: 'praise',
    }).map(([path]) => path);
    expect(paths).toEqual(['category']);
  });
});
