import { describe, expect, it } from 'vitest';
import { groupSuggestions } from '@shared/domain/similar-suggestions';

const row = (
  id: string,
  title: string,
  extra: Partial<{
    category: string;
    is_own: boolean;
    my_vote: string | null;
  }> = {},
) => ({
  id,
  title,
  category: 'bug',
  is_own: false,
  my_vote: null,
  ...extra,
});

describe('groupSuggestions (#40 item 16)', () => {
  it('lists a report once however many people sent it, and counts them', () => {
    const out = groupSuggestions(
      [
        row('a', 'Checkout button broken'),
        row('b', 'checkout  button broken!'),
        row('c', 'Search is slow'),
        row('d', 'Checkout button broken', { category: 'improvement' }),
      ],
      { includeOwn: true, limit: 3 },
    );
    expect(out.map((r) => [r.id, r.alike])).toEqual([
      ['a', 2],
      ['c', 1],
      ['d', 1],
    ]);
  });

  it("leaves out the user's own when asked, and keeps the one they upvoted", () => {
    const out = groupSuggestions(
      [
        row('mine', 'Menu hides the cart', { is_own: true }),
        row('x', 'Menu hides the cart'),
        row('y', 'Menu hides the cart', { my_vote: 'upvote' }),
        row('z', 'Café prices wrong'),
        row('w', 'Cafe prices wrong'),
      ],
      { includeOwn: false, limit: 5 },
    );
    expect(out.map((r) => [r.id, r.alike, r.my_vote])).toEqual([
      ['y', 2, 'upvote'],
      ['z', 2, null],
    ]);
  });

  it('stops at the limit', () => {
    const rows = ['a', 'b', 'c', 'd'].map((t) => row(t, `Title ${t}`));
    expect(groupSuggestions(rows, { includeOwn: true, limit: 3 })).toHaveLength(
      3,
    );
  });
});
