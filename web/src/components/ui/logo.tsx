import { useId } from 'react';

interface LogoMarkProps {
  className?: string;
}

/** Peega's mark: a friendly speech bubble on a brand tile (as the favicon). */
export function LogoMark({ className = 'size-8' }: LogoMarkProps) {
  const gradient = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-brand-500)" />
          <stop offset="1" stopColor="var(--color-brand-700)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <rect x="6.5" y="7" width="19" height="15" rx="6.5" fill="#fff" />
      <path d="M10 19.5 9 26l6.5-4.5z" fill="#fff" />
      <circle cx="13" cy="13.6" r="1.7" fill="var(--color-brand-700)" />
      <circle cx="19" cy="13.6" r="1.7" fill="var(--color-brand-700)" />
      <path
        d="M13.2 17.2q2.8 2 5.6 0"
        fill="none"
        stroke="var(--color-accent-500)"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
