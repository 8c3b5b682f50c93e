import { lazy, Suspense, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import type { TopicDetail } from '@shared/data/topics';
import { statusInfo, type FeedbackStatus } from '@shared/domain/statuses';
import { topicStatusMoves } from '@shared/domain/topics';
import {
  useRenameTopic,
  useSetTopicStatus,
  useTopic,
} from '@web/api/companies/topics';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { inputClass } from '@web/components/ui/field';
import { StatusBadge } from '@web/components/ui/status-badge';
import { TopicItems } from './topic-items';
import { TopicMerge } from './topic-merge';
import { TopicPublish } from './topic-publish';

// Loaded with the detail, as in the feedback detail: only companies with a
// tracker connected use it.
const CreateIssueButton = lazy(
  () => import('../integrations/create-issue-button'),
);

/** One topic (#22): rename, one status for all, its feedback, merge. */
export function TopicDetailDialog({
  topicId,
  onClose,
  onOpenFeedback,
}: {
  topicId: string | null;
  onClose: () => void;
  onOpenFeedback?: (feedbackId: string) => void;
}) {
  const topic = useTopic(topicId);
  const t = topicId && topic.data?.id === topicId ? topic.data : null;
  return (
    <Dialog
      open={topicId !== null}
      onClose={onClose}
      title={t?.title ?? 'Topic'}
      width="max-w-2xl"
    >
      {!t ? (
        <p className="text-sm text-ink-muted">
          {topic.error ? topic.error.message : 'Loading topic…'}
        </p>
      ) : (
        <TopicBody key={t.id} topic={t} onOpenFeedback={onOpenFeedback} />
      )}
    </Dialog>
  );
}

function TopicBody({
  topic,
  onOpenFeedback,
}: {
  topic: TopicDetail;
  onOpenFeedback: ((feedbackId: string) => void) | undefined;
}) {
  const rename = useRenameTopic();
  const setStatus = useSetTopicStatus();
  const [title, setTitle] = useState(topic.title);
  const moves = topicStatusMoves(topic.status);

  function onRename(e: FormEvent) {
    e.preventDefault();
    rename.mutate(
      { topicId: topic.id, title },
      {
        onSuccess: () => toast.success('Topic renamed'),
        onError: (err) =>
          toast.error('Not renamed', { description: err.message }),
      },
    );
  }

  function onStatus(status: FeedbackStatus) {
    setStatus.mutate(
      { topicId: topic.id, status },
      {
        onSuccess: (moved) =>
          toast.success(
            `Topic ${statusInfo(status).label}: ${moved} feedback moved, each author notified`,
          ),
        onError: (err) =>
          toast.error('Status not changed', { description: err.message }),
      },
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
        <StatusBadge status={topic.status} />
        <span>
          {topic.contributor_count}{' '}
          {topic.contributor_count === 1 ? 'contributor' : 'contributors'}
        </span>
        <span>{topic.feedback_count} feedback</span>
        <span>
          {topic.votes} {topic.votes === 1 ? 'vote' : 'votes'}
        </span>
      </p>
      <form onSubmit={onRename} className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm font-medium">
          Title
          <input
            className={inputClass}
            value={title}
            maxLength={120}
            required
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <Button
          type="submit"
          variant="secondary"
          disabled={rename.isPending || title.trim() === topic.title}
        >
          Rename
        </Button>
      </form>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Status of every feedback in this topic
        <select
          className={inputClass}
          value=""
          disabled={setStatus.isPending || moves.length === 0}
          onChange={(e) => {
            if (e.target.value) onStatus(e.target.value as FeedbackStatus);
          }}
        >
          <option value="">{statusInfo(topic.status).label}: change to…</option>
          {moves.map((s) => (
            <option key={s} value={s}>
              {statusInfo(s).label}
            </option>
          ))}
        </select>
      </label>
      {topic.status === 'completed' && <TopicPublish topicId={topic.id} />}
      <Suspense fallback={null}>
        <CreateIssueButton topicId={topic.id} />
      </Suspense>
      <TopicItems topic={topic} onOpenFeedback={onOpenFeedback} />
      <TopicMerge topic={topic} />
    </div>
  );
}
