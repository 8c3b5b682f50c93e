/** Query keys of the community page. */
export const communityKeys = {
  all: ['community'] as const,
  stats: () => [...communityKeys.all, 'stats'] as const,
  leaderboard: (page: number) =>
    [...communityKeys.all, 'leaderboard', page] as const,
};
