import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ThreadMessage } from '@shared/data/conversation';
import type { MyFeedback } from '@shared/data/feedback';
import { useMyWaitingSites } from '@web/api/claims/claims';
import { useMyTopicCounts } from '@web/api/feedback/get-my-topic-counts';
import { Button, buttonClass } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { paths } from '@web/config/paths';
import { FeedbackItem } from './feedback-item';

/** Items drawn at first and added by each 'Show more' (#36): a year of
 * feedback (the demo author has 140) drew 2,600 elements before the page
 * could answer. */
export const FEEDBACK_PAGE = 20;

const linkedId = () =>
  typeof window !== 'undefined' && window.location.hash.startsWith('#feedback-')
    ? decodeURIComponent(window.location.hash.slice('#feedback-'.length))
    : null;

/** How many items to draw: a page, and always as far as the one the
 * author e-mail's link (/app#feedback-<id>) opens, however old. */
function useShown(items: MyFeedback[] | undefined) {
  const [shown, setShown] = useState(FEEDBACK_PAGE);
  useEffect(() => {
    const reach = () => {
      const id = linkedId();
      const at = id ? (items ?? []).findIndex((i) => i.id === id) : -1;
      if (at >= 0) setShown((n) => Math.max(n, at + 1));
    };
    reach();
    window.addEventListener('hashchange', reach);
    return () => window.removeEventListener('hashchange', reach);
  }, [items]);
  return [shown, () => setShown((n) => n + FEEDBACK_PAGE)] as const;
}

/** The author's feedback, or the empty state of spec §2. */
export function FeedbackList({
  items,
  isPending,
  userId,
  messages = [],
}: {
  items: MyFeedback[] | undefined;
  isPending: boolean;
  userId: string;
  /** Every company thread about the user's feedback (#21). */
  messages?: ThreadMessage[];
}) {
  const waiting = useMyWaitingSites(userId);
  const waitingFor = new Map(
    (waiting.data ?? []).map((w) => [w.website_host, w.reports]),
  );
  const [shown, showMore] = useShown(items);
  const others = useMyTopicCounts(
    userId,
    (items ?? []).map((i) => i.id),
  );
  if (isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (!items || items.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-brand-200 bg-white px-6 py-12 text-center">
        <p aria-hidden="true" className="text-4xl">
          📝
        </p>
        <h3 className="mt-3 text-lg font-semibold">No feedback yet</h3>
        <p className="mt-1 text-ink-muted">
          Start sharing your thoughts with companies!
        </p>
        <Link
          to={paths.submitFeedback}
          className={buttonClass('primary', 'md', 'mt-6')}
        >
          Add Your First Feedback
        </Link>
      </div>
    );
  }
  const left = items.length - shown;
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="My feedback">
        {items.slice(0, shown).map((item) => (
          <FeedbackItem
            key={item.id}
            item={item}
            userId={userId}
            messages={messages.filter((m) => m.feedback_id === item.id)}
            others={others.data?.get(item.id) ?? 0}
            waiting={
              item.website_host ? waitingFor.get(item.website_host) : undefined
            }
          />
        ))}
      </ul>
      {left > 0 && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={showMore}>
            Show {Math.min(left, FEEDBACK_PAGE)} more
          </Button>
        </div>
      )}
    </>
  );
}
