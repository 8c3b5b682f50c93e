import { Link, useLocation } from 'react-router-dom';
import { signInHref } from '@shared/domain/return-path';
import { buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

/**
 * 'Access Denied' with Sign In and Sign Up buttons (both go to /auth and
 * come back here afterwards).
 */
export function AccessDenied({ message }: { message: string }) {
  const { pathname: location } = useLocation();
  return (
    <Card className="mx-auto max-w-md text-center">
      <div
        aria-hidden="true"
        className="mx-auto grid size-12 place-items-center rounded-full bg-red-50 text-red-600"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-6">
          <path
            fillRule="evenodd"
            d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
            clipRule="evenodd"
          />
        </svg>
      </div>
      <h1 className="mt-4 text-2xl font-bold">Access Denied</h1>
      <p className="mt-2 text-ink-muted">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to={signInHref(location)} className={buttonClass('primary')}>
          Sign In
        </Link>
        <Link
          to={signInHref(location, 'signup')}
          className={buttonClass('secondary')}
        >
          Sign Up
        </Link>
      </div>
    </Card>
  );
}
