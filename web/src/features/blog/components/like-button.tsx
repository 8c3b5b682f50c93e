import { useEffect, useRef } from 'react';
import { toast } from '@web/lib/toast';
import { useLikeCount } from '@web/api/blog/get-like-count';
import { useUserLiked } from '@web/api/blog/get-user-liked';
import { useToggleLike } from '@web/api/blog/use-toggle-like';
import { useSession } from '@web/api/auth/use-session';
import { useAnonymousLike } from '../hooks/use-anonymous-likes';
import { LikeButtonView } from './like-button-view';

/**
 * Like button with the count (company spec §2, §4, §7): signed-in likes are
 * stored per user; anonymous ones are recorded with the 'anonymous' marker
 * per visitor token, remembered in local storage, and taken back on unlike.
 */
export function LikeButton({
  articleId,
  autoToggle = false,
}: {
  articleId: string;
  /** Toggle once as soon as the state is known (a click made before). */
  autoToggle?: boolean;
}) {
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

  const toggled = useRef(false);
  useEffect(() => {
    if (!autoToggle || busy || toggled.current) return;
    toggled.current = true;
    onClick();
  });

  return (
    <LikeButtonView
      liked={liked}
      count={count.data ?? 0}
      busy={busy}
      onClick={onClick}
    />
  );
}
