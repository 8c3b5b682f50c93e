interface SpinnerProps {
  /** Announced to screen readers. */
  label?: string;
  className?: string;
}

/** A small spinning ring in the brand colour. */
export function Spinner({ label = 'Loading', className = '' }: SpinnerProps) {
  return (
    <span role="status" className={`inline-flex ${className}`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The spinner centred in the viewport, while a page or its data loads. */
export function PageSpinner() {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner />
    </div>
  );
}
