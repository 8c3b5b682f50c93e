import type { RewardSort } from '@shared/data/rewards';

/** Query keys of the rewards catalogue and the user's claims. */
export const rewardKeys = {
  all: ['rewards'] as const,
  list: (sort: RewardSort) => [...rewardKeys.all, 'list', sort] as const,
  claims: (userId: string) => [...rewardKeys.all, 'claims', userId] as const,
};
