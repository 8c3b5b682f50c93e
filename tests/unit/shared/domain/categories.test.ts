import { describe, expect, it } from 'vitest';
import {
  CATEGORY_FORM_BUTTONS,
  CATEGORY_INFO,
  DEFAULT_FEEDBACK_CATEGORY,
  FEEDBACK_CATEGORIES,
  categoryEmoji,
  categoryLabel,
  categoryOrDefault,
  isFeedbackCategory,
  toggleCategory,
} from '@shared/domain/categories.ts';
import type { FeedbackCategory } from '@shared/domain/categories.ts';

describe('categories', () => {
  it('has the four stored keys in form order', () => {
    expect(FEEDBACK_CATEGORIES).toEqual([
      'bug',
      'feature',
      'improvement',
      'other',
    ]);
  });

  it('defaults to other', () => {
    expect(DEFAULT_FEEDBACK_CATEGORY).toBe('other');
  });

  it.each([
    ['bug', 'Bug Report', 'Bug', '🐛'],
    ['feature', 'Feature Request', 'Idea/Feature', '💡'],
    ['improvement', 'Improvement', 'UX/Improvement', '✨'],
    ['other', 'Other', 'Other', '💬'],
  ] as const)(
    '%s: form %j, marketing %j, emoji %s',
    (key, formLabel, marketingLabel, emoji) => {
      expect(CATEGORY_INFO[key]).toEqual({
        key,
        formLabel,
        marketingLabel,
        emoji,
      });
    },
  );

  it('lists the four form buttons in order', () => {
    expect(CATEGORY_FORM_BUTTONS.map((button) => button.formLabel)).toEqual([
      'Bug Report',
      'Feature Request',
      'Improvement',
      'Other',
    ]);
  });

  it.each([
    ['bug', true],
    ['feature', true],
    ['improvement', true],
    ['other', true],
    ['Bug', false],
    ['idea', false],
    ['', false],
    [null, false],
    [3, false],
  ])('isFeedbackCategory(%j) → %s', (value, expected) => {
    expect(isFeedbackCategory(value)).toBe(expected);
  });

  it.each([
    ['bug', 'bug', 'Bug Report', '🐛'],
    ['improvement', 'improvement', 'Improvement', '✨'],
    [null, 'other', 'Other', '💬'],
    [undefined, 'other', 'Other', '💬'],
    ['', 'other', 'Other', '💬'],
    ['praise', 'other', 'Other', '💬'],
  ])(
    '%j → category %s, label %j, emoji %s',
    (value, category, label, emoji) => {
      expect(categoryOrDefault(value)).toBe(category);
      expect(categoryLabel(value)).toBe(label);
      expect(categoryEmoji(value)).toBe(emoji);
    },
  );

  it.each<[FeedbackCategory | null, FeedbackCategory, FeedbackCategory | null]>(
    [
      [null, 'bug', 'bug'],
      ['bug', 'bug', null],
      ['bug', 'feature', 'feature'],
      ['other', 'other', null],
    ],
  )('toggle(%j, %s) → %j', (selected, clicked, expected) => {
    expect(toggleCategory(selected, clicked)).toBe(expected);
  });
});
