interface LikeButtonViewProps {
  liked: boolean;
  count: number;
  busy?: boolean;
  onClick: () => void;
}

/** The like button with its count (company spec §2). */
export function LikeButtonView({
  liked,
  count: n,
  busy = false,
  onClick,
}: LikeButtonViewProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-pressed={liked}
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
      {/* The name reads "Like article (3 likes)" around the visible count. */}
      <span className="sr-only">{liked ? 'Unlike' : 'Like'} article (</span>
      <span data-testid="like-count">{n}</span>
      <span className="sr-only">{` ${n === 1 ? 'like' : 'likes'})`}</span>
    </button>
  );
}
