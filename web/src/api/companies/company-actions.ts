import type { User } from '@supabase/supabase-js';
import { signOut, updatePassword } from '@shared/data/auth';
import {
  checkCompanyDomain,
  createCompany,
  ensureCompany,
  getDomainInstructions,
  listViewedFeedback,
} from '@shared/data/companies';
import { DataError, toDataError } from '@shared/data/client';
import { getSupabase } from '@web/lib/supabase';

/** Sign-up succeeded but the company record could not be created. */
export class CompanyRecordError extends Error {
  override name = 'CompanyRecordError';
}

/** The calls of the company sign-up, settings and export screens. */
export const companyActions = {
  /**
   * Creates the auth user, then the company record; when the record fails
   * the new user is signed out again (spec §8 'Company registration failed').
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
        // Kept so a company confirming its e-mail first gets its company
        // on first sign-in (ensureCompany): the form's terms were ticked.
        data: {
          full_name: args.companyName,
          account_type: 'company',
          company_terms_accepted: true,
          company_name: args.companyName,
          website_url: args.websiteUrl,
          domains: [...args.domains],
        },
        emailRedirectTo: args.redirectTo,
      },
    });
    if (error) throw toDataError(error);
    // GoTrue answers a known e-mail with an obfuscated user without
    // identities when confirmation is on.
    if (data.user && data.user.identities?.length === 0)
      throw new DataError(
        'User already registered',
        'user_already_exists',
        422,
      );
    if (!data.session || !data.user) return { session: null };
    try {
      await createCompany(client, {
        userId: data.user.id,
        email: args.email,
        companyName: args.companyName,
        websiteUrl: args.websiteUrl,
        domains: args.domains,
        termsAccepted: true,
      });
    } catch (e) {
      await signOut(client).catch(() => undefined);
      throw new CompanyRecordError((e as Error).message);
    }
    return { session: data.session };
  },
  /** The company form of a signed-in account without a company. */
  addCompanyProfile: (args: {
    user: Pick<User, 'id' | 'email'>;
    companyName: string;
    websiteUrl: string | null;
    domains: readonly string[];
  }) =>
    createCompany(getSupabase(), {
      userId: args.user.id,
      email: args.user.email ?? '',
      companyName: args.companyName,
      websiteUrl: args.websiteUrl,
      domains: args.domains,
      termsAccepted: true,
    }),
  ensureCompany: (user: Pick<User, 'id' | 'email' | 'user_metadata'>) =>
    ensureCompany(getSupabase(), user),
  signOut: () => signOut(getSupabase()),
  updatePassword: (password: string) => updatePassword(getSupabase(), password),
  checkDomain: (domain: string) => checkCompanyDomain(getSupabase(), domain),
  domainInstructions: (domain: string) =>
    getDomainInstructions(getSupabase(), domain),
  viewedFeedback: () => listViewedFeedback(getSupabase()),
};
