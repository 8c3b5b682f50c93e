import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from '@supabase/supabase-js';
import type { Company } from '@shared/data/companies';
import { useSession } from '@web/api/auth/use-session';
import { useMyCompany } from '@web/api/companies/get-my-company';
import { paths } from '@web/config/paths';

export type CompanyAccount =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'ready'; user: User; company: Company };

/** Pause on 'No company found. Redirecting...' before leaving. */
const REDIRECT_MS = 1200;

/**
 * The signed-in company of a company screen. Without a session or a company
 * record it says 'No company found' and goes to /company-signup (spec §2).
 */
export function useCompanyAccount(): CompanyAccount {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.session.user : null;
  const company = useMyCompany(user?.id);
  const navigate = useNavigate();
  const missing =
    session.status === 'signed-out' ||
    (user !== null && company.isSuccess && company.data === null) ||
    company.isError;
  useEffect(() => {
    if (!missing) return;
    const t = setTimeout(
      () => navigate(paths.companySignup, { replace: true }),
      REDIRECT_MS,
    );
    return () => clearTimeout(t);
  }, [missing, navigate]);
  if (missing) return { status: 'missing' };
  if (!user || !company.data) return { status: 'loading' };
  return { status: 'ready', user, company: company.data };
}
