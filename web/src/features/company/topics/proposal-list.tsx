import { toast } from '@web/lib/toast';
import type { TopicProposal } from '@shared/data/topics';
import { proposalHeadline } from '@shared/domain/topics';
import {
  useCreateTopic,
  useDismissProposal,
  useTopicProposals,
} from '@web/api/companies/topics';
import { Button } from '@web/components/ui/button';

/** "These 11 look like the same request" → Confirm (a topic) or Dismiss (#22). */
export function ProposalList({
  onCreated,
}: {
  onCreated: (topicId: string) => void;
}) {
  const proposals = useTopicProposals();
  const create = useCreateTopic();
  const dismiss = useDismissProposal();
  const rows = proposals.data ?? [];
  if (rows.length === 0) return null;

  function confirm(p: TopicProposal) {
    create.mutate(
      { title: p.title.slice(0, 120), ids: p.feedback_ids },
      {
        onSuccess: (id) => {
          toast.success(`Topic created with ${p.feedback_count} feedback`);
          onCreated(id);
        },
        onError: (err) =>
          toast.error('Topic not created', { description: err.message }),
      },
    );
  }

  return (
    <section aria-labelledby="proposals-title" className="flex flex-col gap-3">
      <h2 id="proposals-title" className="text-lg font-semibold">
        Proposed topics
      </h2>
      <ul className="flex flex-col gap-3">
        {rows.map((p) => (
          <li
            key={p.id}
            className="flex flex-wrap items-center gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4"
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {proposalHeadline(p.feedback_count)}
              </p>
              <p className="mt-0.5 truncate text-sm text-ink-muted">
                “{p.title}”
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={create.isPending}
                onClick={() => confirm(p)}
                aria-label={`Confirm topic “${p.title}”`}
              >
                Confirm
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={dismiss.isPending}
                aria-label={`Dismiss proposal “${p.title}”`}
                onClick={() =>
                  dismiss.mutate(p.id, {
                    onError: (err) =>
                      toast.error('Not dismissed', {
                        description: err.message,
                      }),
                  })
                }
              >
                Dismiss
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
