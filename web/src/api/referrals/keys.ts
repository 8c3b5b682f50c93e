/** Query keys of the referral programme. */
export const referralKeys = {
  all: ['referrals'] as const,
  list: (userId: string) => [...referralKeys.all, 'list', userId] as const,
  code: (userId: string) => [...referralKeys.all, 'code', userId] as const,
};
