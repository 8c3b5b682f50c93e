import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Client } from '@shared/data/client';
import { SimilarFeedback } from '@ext/entrypoints/popup/components/similar-feedback';

const row = (id: string, title: string, is_own = false) => ({
  id,
  title,
  excerpt: null,
  category: 'bug',
  status: 'pending',
  upvotes: 2,
  downvotes: 0,
  total_votes: 2,
  created_at: '2026-11-30T10:00:00Z',
  similarity: 0.9,
  my_vote: null,
  is_own,
});

/** A client whose only call is the similar-feedback lookup. */
const clientWith = (rows: unknown[]) =>
  ({
    rpc: async () => ({ data: rows, error: null }),
  }) as unknown as Client;

describe("the popup's 'Already sent about this site' (#40 item 16)", () => {
  it("lists a report once and leaves out the user's own", async () => {
    render(
      <SimilarFeedback
        client={clientWith([
          row('mine', 'Checkout button broken', true),
          row('a', 'Checkout button broken'),
          row('b', 'Checkout button broken.'),
          row('c', 'Search ignores umlauts'),
        ])}
        userId="u1"
        websiteUrl="https://shop.example.com/cart"
        text=""
      />,
    );
    await screen.findByText('Search ignores umlauts');
    expect(screen.getAllByText('Checkout button broken')).toHaveLength(1);
    expect(screen.getByText('2 reports')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Upvote/ })).toHaveLength(2);
  });
});
