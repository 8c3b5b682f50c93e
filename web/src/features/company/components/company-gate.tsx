import { Fragment, type ReactNode } from 'react';
import type { User } from '@supabase/supabase-js';
import type { Company } from '@shared/data/companies';
import { PageSpinner } from '@web/components/ui/spinner';
import { useCompanyAccount } from '../hooks/use-company-account';

/** Renders `children` with the signed-in company, or the waiting states. */
export function CompanyGate({
  children,
}: {
  children: (account: { user: User; company: Company }) => ReactNode;
}) {
  const account = useCompanyAccount();
  if (account.status === 'loading') return <PageSpinner />;
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
