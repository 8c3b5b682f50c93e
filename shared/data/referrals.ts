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

/** A referral of the caller with the invitee's nickname and e-mail. */
export interface MyReferral {
  readonly id: string;
  readonly status: string;
  readonly createdAt: string;
  readonly inviteeNickname: string | null;
  readonly inviteeEmail: string | null;
}

/** The caller's referrals as inviter, newest first. */
export async function listMyReferrals(client: Client): Promise<MyReferral[]> {
  const rows = unwrap(await client.rpc('get_my_referrals'));
  return rows.map((row) => {
    const profile = (row.invitee_profile ?? {}) as {
      nickname?: unknown;
      email?: unknown;
    };
    return {
      id: row.id,
      status: row.status,
      createdAt: row.created_at,
      inviteeNickname:
        typeof profile.nickname === 'string' ? profile.nickname : null,
      inviteeEmail: typeof profile.email === 'string' ? profile.email : null,
    };
  });
}

/** The caller's own referral code (for the link /auth?ref=CODE). */
export async function getMyReferralCode(
  client: Client,
  userId: string,
): Promise<string> {
  const row: { referral_code: string } = unwrap(
    await client
      .from('profiles')
      .select('referral_code')
      .eq('id', userId)
      .single(),
  );
  return row.referral_code;
}
