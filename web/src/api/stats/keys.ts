/** Query keys of a user's XP, badges and experience history. */
export const statsKeys = {
  user: (userId: string) => ['stats', userId] as const,
  summary: (userId: string) => [...statsKeys.user(userId), 'summary'] as const,
  badges: (userId: string) => [...statsKeys.user(userId), 'badges'] as const,
  points: (userId: string) => [...statsKeys.user(userId), 'points'] as const,
};
