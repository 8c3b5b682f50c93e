import { lazy, Suspense } from 'react';
import { toast } from '@web/lib/toast';
import type { CompanyFeedbackDetail } from '@shared/data/companies';
import { categoryEmoji, categoryLabel } from '@shared/domain/categories';
import {
  nextStatuses,
  statusInfo,
  type FeedbackStatus,
} from '@shared/domain/statuses';
import type { VoteType } from '@shared/domain/votes';
import {
  useRateFeedback,
  useSetFeedbackStatus,
} from '@web/api/companies/company-mutations';
import { useSignedUrl } from '@web/api/uploads/get-signed-url';
import { Badge } from '@web/components/ui/badge';
import { Dialog } from '@web/components/ui/dialog';
import { StatusBadge } from '@web/components/ui/status-badge';
import { AddToTopic } from '../topics/add-to-topic';
import { CompanyThread } from './company-thread';
import { TriageFields, TriageNotes } from './triage-panel';
import { VoteControls } from './vote-controls';

// Only feedback with a technical context needs the panel (issue #26).
const TechnicalContextPanel = lazy(() => import('./technical-context-panel'));
// #22: the tracker hand-off, loaded with the first opened feedback.
const CreateIssueButton = lazy(
  () => import('../integrations/create-issue-button'),
);

function Media({ feedback }: { feedback: CompanyFeedbackDetail }) {
  const screenshot = useSignedUrl('screenshots', feedback.screenshot_url);
  const audio = useSignedUrl('audio', feedback.audio_url);
  if (!feedback.screenshot_url && !feedback.audio_url) return null;
  return (
    <div className="mt-4 flex flex-col gap-3">
      {feedback.screenshot_url && (
        <figure>
          {screenshot.data ? (
            <a href={screenshot.data} target="_blank" rel="noreferrer">
              <img
                src={screenshot.data}
                alt="Screenshot attached to the feedback"
                className="max-h-72 w-full rounded-xl border border-line object-contain"
              />
            </a>
          ) : (
            <p className="text-sm text-ink-muted">
              {screenshot.isError
                ? 'The screenshot could not be loaded.'
                : 'Loading screenshot…'}
            </p>
          )}
        </figure>
      )}
      {feedback.audio_url && audio.data && (
        // A consumer's own recording: no captions exist for it; the written
        // feedback beside it says what it is about.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          controls
          src={audio.data}
          className="w-full"
          aria-label="Voice note"
        />
      )}
    </div>
  );
}

function Insights({ feedback }: { feedback: CompanyFeedbackDetail }) {
  const rows: [string, string | null][] = [
    ['Priority', feedback.priority],
    ['Sentiment', feedback.sentiment],
    [
      'Actionable',
      feedback.actionable === null ? null : feedback.actionable ? 'Yes' : 'No',
    ],
  ];
  const has =
    rows.some(([, v]) => v) ||
    feedback.tags?.length ||
    feedback.suggested_response ||
    feedback.suggested_fix;
  if (!has) return null;
  return (
    <section className="mt-5 rounded-xl bg-surface p-4">
      <h3 className="text-sm font-semibold">AI insights</h3>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        {rows.map(([k, v]) =>
          v ? (
            <div key={k}>
              <dt className="text-xs text-ink-muted">{k}</dt>
              <dd className="font-medium capitalize">{v}</dd>
            </div>
          ) : null,
        )}
      </dl>
      {feedback.tags && feedback.tags.length > 0 && (
        <p className="mt-2 flex flex-wrap gap-1">
          {feedback.tags.map((t) => (
            <Badge key={t} className="bg-white text-ink-muted">
              #{t}
            </Badge>
          ))}
        </p>
      )}
      {feedback.suggested_fix && (
        <p className="mt-3 text-sm">
          <span className="font-semibold">Suggested fix: </span>
          {feedback.suggested_fix}
        </p>
      )}
      {feedback.suggested_response && (
        <p className="mt-2 text-sm whitespace-pre-line">
          <span className="font-semibold">Suggested response: </span>
          {feedback.suggested_response}
        </p>
      )}
    </section>
  );
}

/**
 * One opened feedback: content, media through signed URLs, AI insights,
 * votes, the status control and the 1–5 star rating.
 */
export function FeedbackDetailDialog({
  feedback,
  voting,
  onClose,
  onChange,
  onVote,
}: {
  feedback: CompanyFeedbackDetail | null;
  voting: boolean;
  onClose: () => void;
  onChange: (next: CompanyFeedbackDetail) => void;
  onVote: (type: VoteType) => void;
}) {
  const setStatus = useSetFeedbackStatus();
  const rate = useRateFeedback();

  function changeStatus(status: FeedbackStatus) {
    if (!feedback) return;
    setStatus.mutate(
      { id: feedback.id, status },
      {
        onSuccess: () => {
          onChange({ ...feedback, status });
          toast.success('Status updated', {
            description: `Feedback marked as ${statusInfo(status).label.toLowerCase()}.`,
          });
        },
        onError: () =>
          toast.error('Error updating feedback', {
            description:
              'Could not update feedback status. Please check your permissions.',
          }),
      },
    );
  }

  function changeRating(rating: number) {
    if (!feedback) return;
    rate.mutate(
      { id: feedback.id, rating },
      {
        onSuccess: () => {
          onChange({ ...feedback, quality_score: rating });
          toast.success('Rating saved');
        },
        onError: (err) =>
          toast.error('Error rating feedback', { description: err.message }),
      },
    );
  }

  const moves = feedback ? nextStatuses(feedback.status) : [];
  return (
    <Dialog
      open={feedback !== null}
      onClose={onClose}
      title={feedback?.title ?? ''}
      width="max-w-2xl"
    >
      {feedback && (
        <div data-testid="feedback-detail">
          <div className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
            <StatusBadge status={feedback.status} />
            <Badge className="bg-surface text-ink">
              <span aria-hidden="true">{categoryEmoji(feedback.category)}</span>
              {categoryLabel(feedback.category)}
            </Badge>
            <span className="break-all">{feedback.website_url}</span>
            <time dateTime={feedback.created_at}>
              {new Date(feedback.created_at).toLocaleString()}
            </time>
          </div>
          <p className="mt-4 text-sm break-words whitespace-pre-wrap">
            {feedback.description}
          </p>
          <Media feedback={feedback} />
          {feedback.technical_context !== null && (
            <Suspense
              fallback={
                <p className="mt-5 text-sm text-ink-muted">
                  Loading technical context…
                </p>
              }
            >
              <TechnicalContextPanel value={feedback.technical_context} />
            </Suspense>
          )}
          <Insights feedback={feedback} />
          <div className="mt-5 flex flex-col gap-4 border-t border-line pt-4">
            <VoteControls
              upvotes={feedback.upvotes}
              downvotes={feedback.downvotes}
              myVote={feedback.my_vote}
              isOwn={feedback.is_own}
              pending={voting}
              onVote={onVote}
            />
            <div>
              <h3 className="text-sm font-semibold">Status</h3>
              <div
                role="group"
                aria-label="Change status"
                className="mt-2 flex flex-wrap gap-2"
              >
                {(['in_progress', 'completed', 'rejected'] as const).map(
                  (s) => (
                    <button
                      key={s}
                      type="button"
                      aria-pressed={feedback.status === s}
                      disabled={
                        setStatus.isPending ||
                        (feedback.status !== s && !moves.includes(s))
                      }
                      onClick={() => changeStatus(s)}
                      className={`rounded-full border px-3 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 ${feedback.status === s ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-white hover:bg-brand-50'}`}
                    >
                      {statusInfo(s).label}
                    </button>
                  ),
                )}
              </div>
            </div>
            <div>
              <h3 className="text-sm font-semibold">Quality rating</h3>
              <div
                role="group"
                aria-label="Quality rating"
                className="mt-1 flex gap-1"
              >
                {[1, 2, 3, 4, 5].map((n) => (
                  <button
                    key={n}
                    type="button"
                    aria-label={`Rate ${n} star${n > 1 ? 's' : ''}`}
                    aria-pressed={feedback.quality_score === n}
                    disabled={rate.isPending}
                    onClick={() => changeRating(n)}
                    className={`rounded text-2xl leading-none focus-visible:outline-2 focus-visible:outline-brand-600 ${n <= feedback.quality_score ? 'text-amber-500' : 'text-line'}`}
                  >
                    ★
                  </button>
                ))}
              </div>
            </div>
            <p className="text-xs text-ink-muted">
              {feedback.verified_linkedin ? '✓ Verified author · ' : ''}
              Reputation {Number(feedback.user_reputation).toFixed(1)} ·{' '}
              {feedback.view_count}{' '}
              {feedback.view_count === 1 ? 'view' : 'views'}
            </p>
          </div>
          <div className="mt-5 flex flex-col gap-5 border-t border-line pt-4">
            <TriageFields feedbackId={feedback.id} />
            <Suspense fallback={null}>
              <CreateIssueButton feedbackId={feedback.id} />
            </Suspense>
            <AddToTopic feedbackId={feedback.id} title={feedback.title} />
            <CompanyThread feedbackId={feedback.id} />
            <TriageNotes feedbackId={feedback.id} />
          </div>
        </div>
      )}
    </Dialog>
  );
}
