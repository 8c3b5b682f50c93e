import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { User } from '@supabase/supabase-js';
import type { Company } from '@shared/data/companies';
import { mfaActions } from '@web/api/auth/mfa';
import { useSession } from '@web/api/auth/use-session';
import { useMyCompany } from '@web/api/companies/get-my-company';
import { companyKeys } from '@web/api/companies/keys';
import { paths } from '@web/config/paths';
import { useMembershipEnd } from '@web/api/companies/use-membership-end';

export type CompanyAccount =
  | { status: 'loading' }
  | { status: 'missing' }
  /** The company this tab showed no longer has the user (#40 item 2). */
  | { status: 'removed'; companyName: string }
  | { status: 'ready'; user: User; company: Company };

/** Pause on 'No company found. Redirecting...' before leaving. */
const REDIRECT_MS = 1200;

/** The company sign-in, which asks an aal1 session for its code (#25). */
const CODE_STEP = `${paths.companySignup}?mode=signin`;

/**
 * Whether the session has passed two-factor authentication when the
 * account has it on: 'pending' until known, 'needs-code' for an aal1
 * session of such an account (which sees no company data).
 */
function useMfaGate(
  token: string | undefined,
): 'pending' | 'ok' | 'needs-code' {
  const [state, setState] = useState<{
    token: string | undefined;
    gate: 'ok' | 'needs-code';
  }>();
  useEffect(() => {
    if (!token) return;
    let live = true;
    mfaActions
      .assuranceLevel()
      .then((level) => {
        if (live)
          setState({ token, gate: level.needsCode ? 'needs-code' : 'ok' });
      })
      // Unknown: the company query decides, as before.
      .catch(() => live && setState({ token, gate: 'ok' }));
    return () => {
      live = false;
    };
  }, [token]);
  return state?.token === token && state ? state.gate : 'pending';
}

/**
 * The signed-in company of a company screen. Without a session or a company
 * record it says 'No company found' and goes to /company-signup (spec §2);
 * an aal1 session of an account with two-factor authentication goes to the
 * code step of the company sign-in.
 */
export function useCompanyAccount(): CompanyAccount {
  const session = useSession();
  const user = session.status === 'signed-in' ? session.session.user : null;
  const token =
    session.status === 'signed-in' ? session.session.access_token : undefined;
  const mfa = useMfaGate(token);
  // Asked only once the session may read it: an aal1 answer (no company)
  // would otherwise stay cached after the code.
  const company = useMyCompany(mfa === 'ok' ? user?.id : undefined);
  const navigate = useNavigate();
  useEffect(() => {
    if (mfa === 'needs-code') navigate(CODE_STEP, { replace: true });
  }, [mfa, navigate]);
  // Removed from the team while a screen is open: said at once, and none
  // of the company's data stays in the cache. The company last shown is
  // kept from render to render (React's "previous props" pattern).
  // Per account: another account signed in on this tab was never removed.
  const [shown, setShown] = useState<{ userId: string; company: Company }>();
  if (user && company.data && company.data !== shown?.company)
    setShown({ userId: user.id, company: company.data });
  const queryClient = useQueryClient();
  useMembershipEnd(user?.id);
  const removed =
    shown !== undefined &&
    shown.userId === user?.id &&
    company.isSuccess &&
    company.data === null;
  useEffect(() => {
    if (!removed) return;
    queryClient.removeQueries({
      queryKey: companyKeys.all,
      predicate: (q) => q.queryKey.at(-1) !== 'mine',
    });
  }, [removed, queryClient]);
  const missing =
    session.status === 'signed-out' ||
    (user !== null &&
      mfa === 'ok' &&
      ((company.isSuccess && company.data === null) || company.isError));
  useEffect(() => {
    if (!missing || removed) return;
    const t = setTimeout(
      () => navigate(paths.companySignup, { replace: true }),
      REDIRECT_MS,
    );
    return () => clearTimeout(t);
  }, [missing, removed, navigate]);
  if (removed)
    return { status: 'removed', companyName: shown.company.company_name };
  if (missing) return { status: 'missing' };
  if (!user || mfa !== 'ok' || !company.data) return { status: 'loading' };
  return { status: 'ready', user, company: company.data };
}
