import { processReferralSignup } from '@shared/data/referrals';
import { getSupabase } from '@web/lib/supabase';

/** Processes a pending referral code for the signed-in invitee. */
export function processPendingReferral(code: string) {
  return processReferralSignup(getSupabase(), code);
}
