import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyFeedback } from '@shared/data/feedback';
import {
  FEEDBACK_PAGE,
  FeedbackList,
} from '@web/features/consumer/components/feedback-list';

vi.mock('@web/api/uploads/get-signed-url', () => ({
  useSignedUrl: () => ({ isError: false, data: undefined }),
  useScreenshotThumbnail: () => ({ isError: false, data: undefined }),
}));
vi.mock('@web/api/claims/claims', () => ({
  useMyWaitingSites: () => ({ data: [] }),
}));
vi.mock('@web/api/feedback/get-my-topic-counts', () => ({
  useMyTopicCounts: () => ({ data: new Map() }),
}));
vi.mock('react-router-dom', () => ({
  Link: ({ children }: { children: unknown }) => children,
}));

// jsdom draws nothing, so it has no scrolling; the opened item scrolls to itself.
Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

const items = Array.from(
  { length: 45 },
  (_, i) =>
    ({
      id: `f${i}`,
      title: `Feedback ${i}`,
      description: 'd',
      raw_description: 'd',
      category: 'bug',
      created_at: '2026-11-20T10:00:00Z',
      status: 'pending',
      website_url: null,
      website_host: null,
      company_name: 'Example',
      screenshot_url: null,
      audio_url: null,
      tags: [],
      quality_score: 3,
      upvotes: 0,
      downvotes: 0,
      view_count: 0,
    }) as unknown as MyFeedback,
);

const drawn = () => screen.queryAllByTestId('feedback-item').length;

describe('FeedbackList', () => {
  it('draws a page of feedback and adds a page with each Show more', () => {
    render(<FeedbackList items={items} isPending={false} userId="u1" />);
    expect(FEEDBACK_PAGE).toBe(20);
    expect(drawn()).toBe(20);
    fireEvent.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(drawn()).toBe(40);
    fireEvent.click(screen.getByRole('button', { name: 'Show 5 more' }));
    expect(drawn()).toBe(45);
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBe(
      null,
    );
  });

  it('draws as far as the feedback an e-mail link opens, however old', () => {
    window.location.hash = '#feedback-f33';
    render(<FeedbackList items={items} isPending={false} userId="u1" />);
    expect(drawn()).toBe(34);
    expect(document.getElementById('feedback-f33')).not.toBe(null);
    expect(screen.getByRole('button', { name: 'Show 11 more' })).toBeTruthy();
  });

  it('follows a link to an older one while the list is open', () => {
    render(<FeedbackList items={items} isPending={false} userId="u1" />);
    expect(drawn()).toBe(20);
    window.location.hash = '#feedback-f44';
    fireEvent(window, new HashChangeEvent('hashchange'));
    expect(drawn()).toBe(45);
  });
});
