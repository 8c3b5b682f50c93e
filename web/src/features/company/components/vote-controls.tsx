import { CANNOT_VOTE_OWN_FEEDBACK } from '@shared/domain/validation/messages';
import type { VoteType } from '@shared/domain/votes';

/** Up and down counts with their buttons; disabled on one's own feedback. */
export function VoteControls({
  upvotes,
  downvotes,
  myVote,
  isOwn,
  pending,
  onVote,
}: {
  upvotes: number;
  downvotes: number;
  myVote: string | null;
  isOwn: boolean;
  pending: boolean;
  onVote: (type: VoteType) => void;
}) {
  const disabled = isOwn || pending || myVote !== null;
  const btn = (active: boolean) =>
    `inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-semibold transition focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ${active ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-line bg-white hover:bg-brand-50'}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={btn(myVote === 'upvote')}
        disabled={disabled}
        onClick={(e) => {
          e.stopPropagation();
          onVote('upvote');
        }}
      >
        {/* Named "Upvote (3)" around the visible count (WCAG 2.5.3). */}
        <span aria-hidden="true">▲</span>
        <span className="sr-only">Upvote (</span>
        {upvotes}
        <span className="sr-only">)</span>
      </button>
      <button
        type="button"
        className={btn(myVote === 'downvote')}
        disabled={disabled}
        onClick={(e) => {
          e.stopPropagation();
          onVote('downvote');
        }}
      >
        <span aria-hidden="true">▼</span>
        <span className="sr-only">Downvote (</span>
        {downvotes}
        <span className="sr-only">)</span>
      </button>
      {isOwn && (
        <span className="text-xs text-ink-muted">
          {CANNOT_VOTE_OWN_FEEDBACK}
        </span>
      )}
    </div>
  );
}
