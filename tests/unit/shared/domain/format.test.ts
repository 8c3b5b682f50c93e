import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import fc from 'fast-check';
import {
  ARTICLE_DATE_FORMAT,
  formatArticleDate,
} from '@shared/domain/article-date.ts';
import { formatShortDate, formatViews } from '@shared/domain/format.ts';

describe('formatShortDate', () => {
  it('reads as date-fns formats MMM d, yyyy, for any date', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2200-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (d) => {
          expect(formatShortDate(d)).toBe(format(d, 'MMM d, yyyy'));
          expect(formatShortDate(d.toISOString())).toBe(
            format(d, 'MMM d, yyyy'),
          );
        },
      ),
      { seed: 20261125, numRuns: 500 },
    );
  });
});

describe('formatViews', () => {
  it.each([
    [0, '0 views'],
    [1, '1 view'],
    [2, '2 views'],
    [1234, '1234 views'],
    [null, '0 views'],
    [undefined, '0 views'],
    [-1, '0 views'],
  ])('%j → %j', (count, text) => {
    expect(formatViews(count)).toBe(text);
  });
});

describe('formatArticleDate', () => {
  it('uses the spec pattern', () => {
    expect(ARTICLE_DATE_FORMAT).toBe('MMMM d, yyyy');
  });

  it.each([
    ['2025-03-05T10:00:00Z', 'March 5, 2025'],
    ['2025-03-05T00:00:00Z', 'March 5, 2025'],
    ['2025-03-05T23:59:59Z', 'March 5, 2025'],
    ['2024-12-31T23:30:00-05:00', 'January 1, 2025'],
    ['2024-02-29T12:00:00Z', 'February 29, 2024'],
  ])('%s → %j (UTC date)', (iso, text) => {
    expect(formatArticleDate(iso)).toBe(text);
  });

  it('reads as date-fns formats the pattern, for any date', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2200-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const utcDay = new Date(
            d.getUTCFullYear(),
            d.getUTCMonth(),
            d.getUTCDate(),
          );
          expect(formatArticleDate(d)).toBe(
            format(utcDay, ARTICLE_DATE_FORMAT),
          );
        },
      ),
      { seed: 20261121, numRuns: 500 },
    );
  });
});
