import { describe, expect, it } from 'vitest';
import {
  answeredShare,
  formatHours,
  presentKeys,
  stack,
  weekLabel,
} from '@shared/domain/insights';

describe('insights rules (#22)', () => {
  it('stacks series into running sums, bottom first', () => {
    expect(
      stack([
        [1, 0, 2],
        [3, 1, 0],
        [0, 0, 5],
      ]),
    ).toEqual([
      [1, 0, 2],
      [4, 1, 2],
      [4, 1, 7],
    ]);
    expect(stack([])).toEqual([]);
  });

  it('answered share in whole percent; none when nothing arrived', () => {
    expect(answeredShare(1, 3)).toBe(33);
    expect(answeredShare(2, 3)).toBe(67);
    expect(answeredShare(0, 0)).toBeNull();
  });

  it('reads durations in hours, then days', () => {
    expect(formatHours(null)).toBe('—');
    expect(formatHours(5.25)).toBe('5.3 h');
    expect(formatHours(36)).toBe('36 h');
    expect(formatHours(60)).toBe('2.5 d');
    expect(formatHours(24 * 30)).toBe('30 d');
  });

  it('names weeks by their Monday and keeps only keys with data', () => {
    expect(weekLabel('2026-11-23')).toBe('23 Nov');
    const w = { week: '2026-11-23', bug: 0, feature: 2 } as never;
    expect(presentKeys([w], ['bug', 'feature'] as never)).toEqual(['feature']);
  });
});
