import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { timeAgo } from '@shared/domain/relative-date';

const now = new Date('2026-11-25T12:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('timeAgo', () => {
  it.each([
    [0, 'just now'],
    [29, 'just now'],
    [31, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [44 * 60, '44 minutes ago'],
    [50 * 60, '1 hour ago'],
    [3 * 3600, '3 hours ago'],
    [23 * 3600, '23 hours ago'],
    [30 * 3600, '1 day ago'],
    [3 * 86400, '3 days ago'],
    [29 * 86400, '29 days ago'],
    [45 * 86400, '2 months ago'],
    [400 * 86400, '1 year ago'],
    [800 * 86400, '2 years ago'],
  ])('%i seconds before now reads %j', (seconds, text) => {
    expect(timeAgo(before(seconds), now)).toBe(text);
  });

  it('a date in the future (a clock a little ahead) reads "just now"', () => {
    expect(timeAgo(new Date(now.getTime() + 5000), now)).toBe('just now');
  });

  it('never goes back in time as the date gets older', () => {
    const rank = (s: string) => {
      if (s === 'just now') return 0;
      const [n, unit] = s.split(' ') as [string, string];
      const order = ['minute', 'hour', 'day', 'month', 'year'];
      return order.indexOf(unit.replace(/s$/, '')) * 1000 + Number(n);
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 * 365 * 86400 }),
        fc.integer({ min: 0, max: 86400 }),
        (a, d) =>
          rank(timeAgo(before(a + d), now)) >= rank(timeAgo(before(a), now)),
      ),
      { seed: 1311 },
    );
  });
});
