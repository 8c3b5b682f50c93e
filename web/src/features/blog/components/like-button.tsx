import { toast } from 'sonner';
import { useLikeCount } from '@web/api/blog/get-like-count';
import { useUserLiked } from '@web/api/blog/get-user-liked';
import { useToggleLike } from '@web/api/blog/use-toggle-like';
import { useSession } from '@web/api/auth/use-session';
import { useAnonymousLike } from '../hooks/use-anonymous-likes';

/**
 * Like button with the count (company spec §2, §4, §7): signed-in likes are
 * stored per user; anonymous ones are recorded with the 'anonymous' marker
 * and remembered in local storage, and unliking them only edits that list.
 */
export function LikeButton({ articleId }: { articleId: string }) {
  const session = useSession();
  const user = session.session?.user;
  const liker = user ? { id: user.id, email: user.email ?? '' } : null;
  const count = useLikeCount(articleId);
  const userLiked = useUserLiked(articleId, user?.id);
  const [anonLiked, setAnonLiked] = useAnonymousLike(articleId);
  const toggle = useToggleLike();

  // Failures of the count or the liked state are only logged (spec §8).
  const liked = liker ? userLiked.data === true : anonLiked;
  const busy =
    toggle.isPending ||
    session.status === 'loading' ||
    (liker !== null && userLiked.isPending);

  const onClick = () => {
    const like = !liked;
    toggle.mutate(
      { articleId, liker, like },
      {
        onSuccess: () => {
          if (!liker) setAnonLiked(like);
          toast.success(like ? 'Liked article!' : 'Removed like from article');
        },
        onError: (error) => {
          console.error(error);
          toast.error('Failed to like article. Please try again.');
        },
      },
    );
  };

  const n = count.data ?? 0;
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-pressed={liked}
      aria-label={`${liked ? 'Unlike' : 'Like'} article (${n} ${n === 1 ? 'like' : 'likes'})`}
      className={`inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ${
        liked
          ? 'border-red-200 bg-red-50 text-red-600 hover:bg-red-100'
          : 'border-line bg-white text-ink hover:bg-brand-50'
      }`}
    >
      <svg
        viewBox="0 0 20 20"
        aria-hidden="true"
        className="size-5"
        fill={liked ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
      >
        <path d="M10 17s-6.5-3.9-6.5-8.6A3.6 3.6 0 0 1 10 6.1a3.6 3.6 0 0 1 6.5 2.3C16.5 13.1 10 17 10 17Z" />
      </svg>
      <span data-testid="like-count">{n}</span>
    </button>
  );
}
