import type { HTMLAttributes } from 'react';

/** A white rounded panel. */
export function Card({
  className = '',
  ...rest
}: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-2xl border border-line bg-white p-5 shadow-sm shadow-brand-900/5 sm:p-6 ${className}`}
      {...rest}
    />
  );
}
