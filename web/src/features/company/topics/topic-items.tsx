import { useState } from 'react';
import { toast } from '@web/lib/toast';
import type { TopicDetail, TopicItem } from '@shared/data/topics';
import {
  useAddTopicItems,
  useRemoveTopicItems,
  useSplitTopic,
} from '@web/api/companies/topics';
import { Button } from '@web/components/ui/button';
import { StatusBadge } from '@web/components/ui/status-badge';
import { formatShortDate } from '@shared/domain/format';

/** A topic's feedback: suggested ones to confirm or remove, split out the rest. */
export function TopicItems({
  topic,
  onOpenFeedback,
}: {
  topic: TopicDetail;
  /** Opens a feedback's detail (through the view allowance, as from the list). */
  onOpenFeedback?: (feedbackId: string) => void;
}) {
  const add = useAddTopicItems();
  const remove = useRemoveTopicItems();
  const split = useSplitTopic();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const suggested = topic.items.filter((i) => i.state === 'suggested');
  const confirmed = topic.items.filter((i) => i.state === 'confirmed');
  const ids = [...chosen];
  const fail = (what: string) => (err: Error) =>
    toast.error(what, { description: err.message });

  const row = (i: TopicItem, control: React.ReactNode) => (
    <li
      key={i.feedback_id}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-white p-3"
    >
      {control}
      <span className="min-w-0 flex-1 text-sm break-words">
        {onOpenFeedback ? (
          <button
            type="button"
            onClick={() => onOpenFeedback(i.feedback_id)}
            className="text-left font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {i.title}
          </button>
        ) : (
          i.title
        )}
        <span className="block text-xs text-ink-muted">
          {i.website_host} · {formatShortDate(i.created_at)}
        </span>
      </span>
      <span className="text-xs text-ink-muted">
        {i.total_votes} {i.total_votes === 1 ? 'vote' : 'votes'}
      </span>
      <StatusBadge status={i.status} />
    </li>
  );

  return (
    <>
      {suggested.length > 0 && (
        <section aria-labelledby="suggested-title">
          <h3 id="suggested-title" className="text-sm font-semibold">
            Suggested ({suggested.length})
          </h3>
          <ul className="mt-2 flex flex-col gap-2">
            {suggested.map((i) =>
              row(
                i,
                <span className="flex gap-1">
                  <Button
                    size="sm"
                    disabled={add.isPending}
                    aria-label={`Confirm “${i.title}” in this topic`}
                    onClick={() =>
                      add.mutate(
                        { topicId: topic.id, ids: [i.feedback_id] },
                        { onError: fail('Not confirmed') },
                      )
                    }
                  >
                    Confirm
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={remove.isPending}
                    aria-label={`Remove “${i.title}” from this topic`}
                    onClick={() =>
                      remove.mutate(
                        { topicId: topic.id, ids: [i.feedback_id] },
                        { onError: fail('Not removed') },
                      )
                    }
                  >
                    Remove
                  </Button>
                </span>,
              ),
            )}
          </ul>
        </section>
      )}
      <section aria-labelledby="confirmed-title">
        <h3 id="confirmed-title" className="text-sm font-semibold">
          Feedback ({confirmed.length})
        </h3>
        <ul className="mt-2 flex flex-col gap-2">
          {confirmed.map((i) =>
            row(
              i,
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                aria-label={`Select “${i.title}”`}
                checked={chosen.has(i.feedback_id)}
                onChange={() =>
                  setChosen((prev) => {
                    const next = new Set(prev);
                    if (!next.delete(i.feedback_id)) next.add(i.feedback_id);
                    return next;
                  })
                }
              />,
            ),
          )}
        </ul>
        {ids.length > 0 && (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <span className="mr-auto text-sm">{ids.length} selected</span>
            <Button
              size="sm"
              variant="secondary"
              disabled={split.isPending}
              onClick={() =>
                split.mutate(
                  {
                    topicId: topic.id,
                    ids,
                    title: `${topic.title.slice(0, 110)} (split)`,
                  },
                  {
                    onSuccess: () => {
                      toast.success('Split into a new topic');
                      setChosen(new Set());
                    },
                    onError: fail('Not split'),
                  },
                )
              }
            >
              Split into a new topic
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { topicId: topic.id, ids },
                  {
                    onSuccess: () => setChosen(new Set()),
                    onError: fail('Not removed'),
                  },
                )
              }
            >
              Remove from topic
            </Button>
          </div>
        )}
      </section>
    </>
  );
}
