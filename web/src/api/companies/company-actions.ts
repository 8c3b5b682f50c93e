import type { User } from '@supabase/supabase-js';
import { signOut, updatePassword } from '@shared/data/auth';
import {
  checkCompanyDomain,
  companySignUpMetadata,
  getDomainInstructions,
  getMyCompany,
  listViewedFeedback,
  registerCompany,
} from '@shared/data/companies';
import { DataError, toDataError } from '@shared/data/client';
import { getSupabase } from '@web/lib/supabase';

/** The server refused the company sign-up (its company could not be created). */
export class CompanyRecordError extends Error {
  override name = 'CompanyRecordError';
}

/** The calls of the company sign-up, settings and export screens. */
export const companyActions = {
  /**
   * Creates the auth user and, in the same database transaction, its company
   * (the details travel as user metadata; a trigger creates the company).
   * Details the server refuses fail the whole sign-up with GoTrue's 500
   * (spec §8 'Company registration failed'); nothing is half-created.
   * `session` is null when the backend asks for e-mail confirmation.
   */
  async signUp(args: {
    email: string;
    password: string;
    companyName: string;
    websiteUrl: string | null;
    domains: readonly string[];
    redirectTo: string;
  }) {
    const client = getSupabase();
    const { data, error } = await client.auth.signUp({
      email: args.email,
      password: args.password,
      options: {
        data: companySignUpMetadata(args),
        emailRedirectTo: args.redirectTo,
      },
    });
    // A trigger refusing the row is GoTrue's 500 'Database error saving new
    // user' (supabase-js: a retryable error without a code).
    if (error?.status === 500) throw new CompanyRecordError(error.message);
    if (error) throw toDataError(error);
    // GoTrue answers a known e-mail with an obfuscated user without
    // identities when confirmation is on.
    if (data.user && data.user.identities?.length === 0)
      throw new DataError(
        'User already registered',
        'user_already_exists',
        422,
      );
    return { session: data.session };
  },
  /** The company form of a signed-in account without a company. */
  addCompanyProfile: (args: {
    companyName: string;
    websiteUrl: string | null;
    domains: readonly string[];
  }) => registerCompany(getSupabase(), { ...args, termsAccepted: true }),
  /** The signed-in user's company, or null (then the company form). */
  myCompany: (user: Pick<User, 'id'>) => getMyCompany(getSupabase(), user.id),
  signOut: () => signOut(getSupabase()),
  updatePassword: (password: string) => updatePassword(getSupabase(), password),
  checkDomain: (domain: string) => checkCompanyDomain(getSupabase(), domain),
  domainInstructions: (domain: string) =>
    getDomainInstructions(getSupabase(), domain),
  viewedFeedback: () => listViewedFeedback(getSupabase()),
};
