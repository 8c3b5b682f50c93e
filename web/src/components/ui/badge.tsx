import type { HTMLAttributes } from 'react';

/** A small pill label; colours come from `className`. */
export function Badge({
  className = 'bg-brand-50 text-brand-700',
  ...rest
}: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}
      {...rest}
    />
  );
}
