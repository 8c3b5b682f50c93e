import {
  requestPasswordReset,
  requestSignInLink,
  signInWithPassword,
  signOut,
  signUpWithPassword,
  updatePassword,
  updatePasswordWithCurrent,
} from '@shared/data/auth';
import { getSupabase } from '@web/lib/supabase';

/** The auth calls of the sign-in, sign-up and reset screens. */
export const authActions = {
  signIn: (email: string, password: string) =>
    signInWithPassword(getSupabase(), { email, password }),
  signUp: (args: {
    email: string;
    password: string;
    fullName: string;
    redirectTo: string;
    referralCode?: string | null;
  }) => signUpWithPassword(getSupabase(), args),
  requestSignInLink: (email: string, redirectTo: string) =>
    requestSignInLink(getSupabase(), email, redirectTo),
  requestReset: (email: string, redirectTo: string) =>
    requestPasswordReset(getSupabase(), email, redirectTo),
  updatePassword: (password: string) => updatePassword(getSupabase(), password),
  updatePasswordWithCurrent: (password: string, currentPassword: string) =>
    updatePasswordWithCurrent(getSupabase(), password, currentPassword),
  signOut: () => signOut(getSupabase()),
};
