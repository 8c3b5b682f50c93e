import { toast } from '@web/lib/toast';
import { failureText } from '@shared/data/client';
import { DUPLICATE_VOTE_ERROR_CODE } from '@shared/domain/votes';
import { categoryEmoji } from '@shared/domain/categories';
import { groupSuggestions } from '@shared/domain/similar-suggestions';
import { ALREADY_VOTED } from '@shared/domain/validation/messages';
import { useSimilarFeedback } from '@web/api/feedback/get-similar-feedback';
import { useVoteFeedback } from '@web/api/feedback/vote-feedback';
import { useDebounced } from '@web/hooks/use-debounced';

/**
 * While a title is typed, feedback already sent about the same site, so
 * the user can upvote it instead of sending a duplicate (DECISIONS.md).
 */
export function SimilarFeedback({
  userId,
  websiteUrl,
  title,
}: {
  userId: string;
  websiteUrl: string;
  title: string;
}) {
  const url = useDebounced(websiteUrl.trim(), 400);
  const text = useDebounced(title.trim(), 400);
  const similar = useSimilarFeedback(url, text);
  const vote = useVoteFeedback(userId);
  // Each report once (#40 item 16); the user's own stay, marked "Yours".
  const items = groupSuggestions(
    (similar.data ?? []).filter((s) => s.similarity > 0.1),
    { includeOwn: true, limit: 3 },
  );
  if (items.length === 0) return null;

  async function upvote(feedbackId: string) {
    try {
      await vote.mutateAsync({ feedbackId, voteType: 'upvote' });
      toast.success('Vote recorded');
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === DUPLICATE_VOTE_ERROR_CODE) {
        toast.error(ALREADY_VOTED.title, {
          description: ALREADY_VOTED.description,
        });
      } else {
        toast.error('Error voting', {
          description: failureText(
            err,
            'Could not record your vote. Please try again.',
          ),
        });
      }
    }
  }

  return (
    <section
      aria-label="Similar feedback"
      className="rounded-xl border border-accent-200 bg-accent-50 p-4"
    >
      <h2 className="text-sm font-semibold">
        Similar feedback already sent for this site
      </h2>
      <p className="text-xs text-ink-muted">
        Agree with one? Upvote it instead of sending a duplicate.
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {items.map((s) => (
          <li
            key={s.id}
            className="flex items-center gap-3 rounded-lg bg-white p-3 text-sm"
          >
            <span aria-hidden="true">{categoryEmoji(s.category)}</span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{s.title}</p>
              <p className="text-xs text-ink-muted">
                👍 {s.upvotes} · 👎 {s.downvotes}
                {s.alike > 1 && ` · ${s.alike} reports`}
              </p>
            </div>
            {s.is_own ? (
              <span className="text-xs text-ink-muted">Yours</span>
            ) : (
              <button
                type="button"
                disabled={s.my_vote !== null || vote.isPending}
                onClick={() => upvote(s.id)}
                aria-label={`Upvote “${s.title}”`}
                className="rounded-full border border-line px-3 py-1 text-xs font-semibold hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
              >
                {s.my_vote === 'upvote' ? 'Upvoted' : '👍 Upvote'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
