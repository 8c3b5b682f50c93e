import { act, cleanup, render, waitFor } from '@testing-library/react';
import {
  QueryClient,
  QueryClientProvider,
  useQuery,
} from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';

// The realtime callbacks the hook registers, called by the test.
const handlers = vi.hoisted(() => ({
  feedback: undefined as undefined | ((p: { new: object }) => void),
}));
vi.mock('@shared/data/realtime', () => ({
  subscribeToMyFeedback: (
    _c: unknown,
    _u: string,
    cb: (p: { new: object }) => void,
  ) => {
    handlers.feedback = cb;
    return () => {};
  },
  subscribeToMyFeedbackActivity: () => () => {},
  subscribeToMyNotifications: () => () => {},
  subscribeToMyReportCounts: () => () => {},
}));
vi.mock('@shared/data/conversation', () => ({
  subscribeToThreads: () => () => {},
}));
vi.mock('@web/lib/supabase', () => ({ getSupabase: () => ({}) }));

const { useFeedbackRealtime } =
  await import('@web/api/feedback/use-feedback-realtime');
const { feedbackKeys } = await import('@web/api/feedback/keys');

afterEach(cleanup);

it('a status change is not overwritten by a fetch that was already under way (#40, a flaky live update)', async () => {
  const client = new QueryClient();
  const key = feedbackKeys.mine('u1');
  // The server: 'read' while the first fetch is under way, then 'in_progress'.
  let server = 'read';
  let release!: () => void;
  const first = new Promise<void>((r) => (release = r));
  let calls = 0;
  const fetchList = async () => {
    calls++;
    const status = server;
    if (calls === 2) await first; // the fetch a view's event started
    return [{ id: 'f1', status }];
  };
  let seen: { id: string; status: string }[] | undefined;
  function List() {
    useFeedbackRealtime('u1');
    seen = useQuery({ queryKey: key, queryFn: fetchList }).data;
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <List />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(seen?.[0]?.status).toBe('read'));
  // A view's event refetches; the answer is slow.
  act(() => void client.invalidateQueries({ queryKey: key }));
  // Meanwhile the company starts work: the row arrives over realtime.
  server = 'in_progress';
  act(() => handlers.feedback!({ new: { id: 'f1', status: 'in_progress' } }));
  await waitFor(() => expect(seen?.[0]?.status).toBe('in_progress'));
  // The slow answer comes back with the row as it was.
  await act(async () => release());
  await waitFor(() => expect(calls).toBeGreaterThanOrEqual(3));
  await waitFor(() => expect(seen?.[0]?.status).toBe('in_progress'));
  // And stays so.
  await new Promise((r) => setTimeout(r, 20));
  expect(seen?.[0]?.status).toBe('in_progress');
});
