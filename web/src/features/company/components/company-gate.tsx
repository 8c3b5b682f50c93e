import { Fragment, type ReactNode } from 'react';
import type { User } from '@supabase/supabase-js';
import type { Company } from '@shared/data/companies';
import { Link, useNavigate } from 'react-router-dom';
import { authActions } from '@web/api/auth/auth-actions';
import { Button, buttonClass } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { useCompanyAccount } from '../hooks/use-company-account';

/** Renders `children` with the signed-in company, or the waiting states. */
export function CompanyGate({
  children,
}: {
  children: (account: { user: User; company: Company }) => ReactNode;
}) {
  const account = useCompanyAccount();
  if (account.status === 'loading') return <PageSpinner />;
  if (account.status === 'removed')
    return <Removed name={account.companyName} />;
  if (account.status === 'missing')
    return (
      <div className="grid min-h-dvh place-items-center px-4 text-center">
        <p role="status" className="text-lg font-medium text-ink-muted">
          No company found. Redirecting...
        </p>
      </div>
    );
  // Keyed by account: a screen (its state, its observers' last data)
  // never carries over to the next company signed in on this tab.
  return <Fragment key={account.user.id}>{children(account)}</Fragment>;
}

/** The team the user belonged to removed them (#40 item 2). */
function Removed({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <main className="grid min-h-dvh place-items-center bg-surface px-4 text-center">
      <title>{`Removed from ${name}`}</title>
      <div
        role="alert"
        className="w-full max-w-md rounded-3xl border border-line bg-white p-8 shadow-sm"
      >
        <h1 className="text-2xl font-bold tracking-tight">
          You were removed from {name}
        </h1>
        <p className="mt-3 text-ink-muted">
          An owner or admin of {name} removed you from its team, so its feedback
          and settings are no longer open to you.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={paths.dashboard} className={buttonClass('primary')}>
            Go to my Peega
          </Link>
          <Button
            variant="secondary"
            onClick={() =>
              void authActions
                .signOut()
                .then(() => navigate(paths.companySignup, { replace: true }))
            }
          >
            Sign out
          </Button>
        </div>
      </div>
    </main>
  );
}
