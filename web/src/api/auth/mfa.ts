import {
  assuranceLevel,
  enrollTotp,
  listTotpFactors,
  unenrollFactor,
  verifiedTotpFactor,
  verifyTotp,
} from '@shared/data/mfa';
import { getSupabase } from '@web/lib/supabase';

/** Two-factor authentication (TOTP) through supabase-js's `auth.mfa`. */
export const mfaActions = {
  assuranceLevel: () => assuranceLevel(getSupabase()),
  listTotpFactors: () => listTotpFactors(getSupabase()),
  verifiedTotpFactor: () => verifiedTotpFactor(getSupabase()),
  enroll: () => enrollTotp(getSupabase(), 'Peega'),
  verify: (factorId: string, code: string) =>
    verifyTotp(getSupabase(), factorId, code),
  unenroll: (factorId: string) => unenrollFactor(getSupabase(), factorId),
};
