/** A grey pulsing placeholder while content loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded-xl bg-brand-100/60 ${className}`}
    />
  );
}
