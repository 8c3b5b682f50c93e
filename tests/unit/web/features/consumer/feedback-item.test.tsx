import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyFeedback } from '@shared/data/feedback';
import { FeedbackItem } from '@web/features/consumer/components/feedback-item';

vi.mock('@web/api/uploads/get-signed-url', () => ({
  useSignedUrl: (_bucket: string, path: string | null) => ({
    isError: false,
    data: path ? `https://files.test/${path}?token=t` : undefined,
  }),
  useScreenshotThumbnail: (path: string | null) => ({
    isError: false,
    data: path ? `https://files.test/thumb/${path}?token=t` : undefined,
  }),
}));

afterEach(cleanup);

// RPC columns are typed non-null by the generator; the database sends nulls.
const base = {
  id: 'f1',
  title: 'Search is slow',
  description: 'Search takes ten seconds to answer.',
  raw_description: 'search is sooo slow',
  category: 'bug',
  created_at: '2026-11-20T10:00:00Z',
  status: 'in_progress',
  user_name: null,
  website_url: 'https://example.com/search',
  website_host: 'example.com',
  company_name: 'Example',
  screenshot_url: 'folder/shot.png',
  audio_url: null,
  sentiment: 'negative',
  priority: 'high',
  actionable: true,
  tags: [],
  suggested_response: null,
  suggested_fix: 'Add an index.',
  quality_score: 4,
  upvotes: 3,
  downvotes: 1,
  total_votes: 4,
  view_count: 1,
  points_awarded: 6,
  user_reputation: 0,
  verified_linkedin: false,
  updated_at: '2026-11-20T10:00:00Z',
} as unknown as MyFeedback;

describe('FeedbackItem', () => {
  it('shows status, quality, views, votes and site; See more reveals the rest', () => {
    render(<FeedbackItem item={base} userId="u1" />);
    expect(screen.getByText('In Progress').getAttribute('data-status')).toBe(
      'in_progress',
    );
    expect(screen.getByText('Good Quality')).toBeTruthy();
    expect(screen.getByTestId('views').textContent).toBe('1 view');
    expect(screen.getByLabelText('3 upvotes')).toBeTruthy();
    expect(screen.getByLabelText('1 downvotes')).toBeTruthy();
    expect(screen.queryByText('search is sooo slow')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    expect(screen.getByText('search is sooo slow')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /Visit Website/ }).getAttribute('href'),
    ).toBe('https://example.com/search');
    const insights = screen.getByRole('region', { name: 'AI Insights' });
    expect(insights.textContent).toContain('Search takes ten seconds');
    expect(insights.textContent).toContain('Suggested fix: Add an index.');
    const shot = screen.getByRole('img', { name: /Screenshot/ });
    // The list shows the thumbnail; the link opens the full image.
    expect(shot.getAttribute('src')).toBe(
      'https://files.test/thumb/folder/shot.png?token=t',
    );
    const link = shot.closest('a');
    expect(link?.getAttribute('href')).toBe(
      'https://files.test/folder/shot.png?token=t',
    );
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('says the AI is still working before processing and shows unknown statuses in grey', () => {
    render(
      <FeedbackItem
        userId="u1"
        item={
          {
            ...base,
            status: 'archived',
            description: base.raw_description,
            sentiment: null,
            screenshot_url: null,
          } as unknown as MyFeedback
        }
      />,
    );
    expect(screen.getByText('Unknown')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    expect(screen.getByText('Your feedback is being analysed…')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Screenshot/ })).toBeNull();
  });
});

describe('others reported this (#22)', () => {
  it('shows how many others reported it, never who, and nothing for none', () => {
    render(<FeedbackItem item={base} userId="u1" others={3} />);
    expect(screen.getByTestId('others-reported').textContent).toBe(
      '👥 3 others reported this',
    );
    cleanup();
    render(<FeedbackItem item={base} userId="u1" />);
    expect(screen.queryByTestId('others-reported')).toBeNull();
  });
});
