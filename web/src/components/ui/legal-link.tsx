import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A legal page linked from a sign-up form: it opens in a new tab, so reading
 * it never leaves the form, and nothing typed is lost (#40 item 20).
 */
export function LegalLink({
  to,
  children,
}: {
  to: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      className="font-medium text-brand-700 underline"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </Link>
  );
}
