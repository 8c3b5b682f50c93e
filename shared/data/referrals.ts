import { unwrap, type Client, type RpcRows } from './client.ts';

export type ReferralResult = RpcRows<'process_referral_signup'>[number];

/** Processes the invitee's referral code once; answers the outcome. */
export async function processReferralSignup(
  client: Client,
  referralCode: string,
): Promise<ReferralResult | null> {
  const rows = unwrap(
    await client.rpc('process_referral_signup', {
      p_referral_code: referralCode,
    }),
  );
  return rows?.[0] ?? null;
}
