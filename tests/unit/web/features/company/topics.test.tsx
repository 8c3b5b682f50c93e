import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TopicDetail, TopicProposal, TopicRow } from '@shared/data/topics';

// #22: the Topics components, with the topic hooks mocked.
const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
const api = vi.hoisted(() => ({
  proposals: [] as TopicProposal[],
  topics: [] as TopicRow[],
  create: vi.fn(),
  dismiss: vi.fn(),
  add: vi.fn(),
  remove: vi.fn(),
  split: vi.fn(),
  merge: vi.fn(),
  setStatus: vi.fn(),
}));
vi.mock('@web/lib/toast', () => ({ toast }));
vi.mock('@web/api/companies/topics', () => {
  const m = (fn: ReturnType<typeof vi.fn>) => () => ({
    mutate: fn,
    isPending: false,
  });
  return {
    useTopicProposals: () => ({ data: api.proposals }),
    useCompanyTopics: () => ({
      data: { rows: api.topics, total: api.topics.length },
    }),
    useCreateTopic: m(api.create),
    useDismissProposal: m(api.dismiss),
    useAddTopicItems: m(api.add),
    useRemoveTopicItems: m(api.remove),
    useSplitTopic: m(api.split),
    useMergeTopics: m(api.merge),
    useSetTopicStatus: m(api.setStatus),
  };
});

const { ProposalList } =
  await import('@web/features/company/topics/proposal-list');
const { TopicList } = await import('@web/features/company/topics/topic-list');
const { TopicItems } = await import('@web/features/company/topics/topic-items');
const { TopicMerge } = await import('@web/features/company/topics/topic-merge');
const { ViewSwitch } =
  await import('@web/features/company/components/view-switch');

const row = (over: Partial<TopicRow> = {}): TopicRow => ({
  id: 't1',
  title: 'Dark mode',
  status: 'pending',
  feedback_count: 11,
  contributor_count: 7,
  votes: 15,
  suggested_count: 2,
  trend: 3,
  last_added_at: null,
  updated_at: '2026-11-20T00:00:00Z',
  total_count: 1,
  ...over,
});

const item = (id: string, state: 'suggested' | 'confirmed') => ({
  feedback_id: id,
  title: `Feedback ${id}`,
  status: 'read' as const,
  total_votes: 1,
  created_at: '2026-11-20T00:00:00Z',
  website_host: 'example.com',
  state,
  score: null,
});

const detail: TopicDetail = {
  id: 't1',
  title: 'Dark mode',
  status: 'pending',
  feedback_count: 2,
  contributor_count: 2,
  votes: 2,
  suggested_count: 1,
  created_at: '2026-11-20T00:00:00Z',
  completed_at: null,
  items: [
    item('a', 'confirmed'),
    item('b', 'confirmed'),
    item('s', 'suggested'),
  ],
};

beforeEach(() => {
  vi.clearAllMocks();
  api.proposals = [];
  api.topics = [];
});
afterEach(cleanup);

describe('ProposalList', () => {
  it('says how many look the same and confirms them as one topic', () => {
    api.proposals = [
      {
        id: 'p1',
        title: 'Make the pricing table easier to compare',
        feedback_ids: Array.from({ length: 11 }, (_, i) => `f${i}`),
        feedback_count: 11,
        updated_at: '2026-11-20T00:00:00Z',
      },
    ];
    render(<ProposalList onCreated={() => {}} />);
    expect(
      screen.getByText('These 11 look like the same request'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Confirm topic/ }));
    expect(api.create.mock.calls[0]![0]).toEqual({
      title: 'Make the pricing table easier to compare',
      ids: api.proposals[0]!.feedback_ids,
    });
    fireEvent.click(screen.getByRole('button', { name: /^Dismiss proposal/ }));
    expect(api.dismiss.mock.calls[0]![0]).toBe('p1');
  });

  it('shows nothing without proposals', () => {
    const { container } = render(<ProposalList onCreated={() => {}} />);
    expect(container.textContent).toBe('');
  });
});

describe('TopicList', () => {
  it('shows the rolled-up counts and opens a topic', () => {
    const open = vi.fn();
    render(<TopicList rows={[row()]} onOpen={open} />);
    const button = screen.getByRole('button', { name: /Dark mode/ });
    expect(button.textContent).toContain('7 contributors');
    expect(button.textContent).toContain('11 feedback');
    expect(button.textContent).toContain('15 votes');
    expect(button.textContent).toContain('+3 this week');
    expect(button.textContent).toContain('2 suggested');
    fireEvent.click(button);
    expect(open).toHaveBeenCalledWith('t1');
  });
});

describe('TopicItems', () => {
  it('confirms or removes a suggestion, splits the selected feedback', () => {
    render(<TopicItems topic={detail} />);
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Confirm “Feedback s” in this topic',
      }),
    );
    expect(api.add.mock.calls[0]![0]).toEqual({ topicId: 't1', ids: ['s'] });
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Remove “Feedback s” from this topic',
      }),
    );
    expect(api.remove.mock.calls[0]![0]).toEqual({ topicId: 't1', ids: ['s'] });
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Select “Feedback b”' }),
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Split into a new topic' }),
    );
    expect(api.split.mock.calls[0]![0]).toMatchObject({
      topicId: 't1',
      ids: ['b'],
    });
  });
});

describe('TopicMerge', () => {
  it('merges another topic of the company, never itself', () => {
    api.topics = [row(), row({ id: 't2', title: 'Night theme' })];
    render(<TopicMerge topic={detail} />);
    const select = screen.getByLabelText('Merge another topic into this one');
    expect(select.textContent).not.toContain('Dark mode');
    fireEvent.change(select, { target: { value: 't2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    expect(api.merge.mock.calls[0]![0]).toEqual({
      topicId: 't1',
      otherId: 't2',
    });
  });
});

describe('ViewSwitch', () => {
  it('is a pair of pressed buttons', () => {
    const change = vi.fn();
    render(<ViewSwitch value="feedback" onChange={change} />);
    expect(
      screen
        .getByRole('button', { name: 'Feedback' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Topics' }));
    expect(change).toHaveBeenCalledWith('topics');
  });
});
