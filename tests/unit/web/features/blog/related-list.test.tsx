import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import type { BlogArticleSummary } from '@shared/data/blog';
import { RelatedList } from '@web/features/blog/components/related-list';

afterEach(cleanup);

const article = (id: string, featuredImageUrl: string): BlogArticleSummary => ({
  id,
  title: `Article ${id}`,
  slug: `article-${id}`,
  excerpt: 'An excerpt.',
  metaTitle: '',
  metaDescription: '',
  featuredImageUrl,
  published: true,
  publishedAt: '2026-11-01T10:00:00Z',
  createdAt: '2026-11-01T10:00:00Z',
  categories: [],
  tags: [],
});

it('a related article without an image has no empty picture box (#40 item 10)', () => {
  const { container } = render(
    <MemoryRouter>
      <RelatedList
        articles={[article('a', 'https://cdn.example/a.png'), article('b', '')]}
      />
    </MemoryRouter>,
  );
  const cards = screen.getAllByRole('listitem');
  expect(cards).toHaveLength(2);
  expect(cards[0]!.querySelector('img')).not.toBeNull();
  expect(cards[1]!.querySelector('img')).toBeNull();
  // Nothing drawn in place of the picture.
  expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
  expect(cards[1]!.textContent).toContain('Article b');
});
