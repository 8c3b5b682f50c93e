import { toast } from '@web/lib/toast';
import type { Reward, RewardClaim } from '@shared/data/rewards';
import { REWARD_HOW_TO_CLAIM } from '@shared/domain/rewards';
import { useClaimReward } from '@web/api/rewards/claim-reward';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { supportEmail } from '@web/lib/env';

/** A reward's details with Claim Reward and, once claimed, its code. */
export function RewardDialog({
  reward,
  userId,
  claim,
  onClose,
}: {
  reward: Reward | null;
  userId: string;
  claim: RewardClaim | null;
  onClose: () => void;
}) {
  const claimReward = useClaimReward(userId);
  const code =
    claim?.code ??
    (claimReward.data?.reward_id === reward?.id
      ? claimReward.data?.code
      : null);
  return (
    <Dialog open={reward !== null} onClose={onClose} title={reward?.title}>
      {reward && (
        <div className="mt-3 flex flex-col gap-4">
          <p className="text-sm text-ink-muted">{reward.description}</p>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-ink-muted">Category</dt>
              <dd className="font-medium">{reward.category}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Type</dt>
              <dd className="font-medium capitalize">{reward.type}</dd>
            </div>
          </dl>
          <p className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
            {REWARD_HOW_TO_CLAIM}{' '}
            <a
              className="font-medium underline"
              href={`mailto:${supportEmail()}`}
            >
              {supportEmail()}
            </a>
          </p>
          {code ? (
            <div className="rounded-xl border border-green-200 bg-green-50 p-3 text-center">
              <p className="text-xs text-green-800">Your reward code</p>
              <p
                className="mt-1 font-mono text-lg font-bold tracking-wider text-green-900 select-all"
                data-testid="reward-code"
              >
                {code}
              </p>
            </div>
          ) : (
            <Button
              disabled={claimReward.isPending}
              onClick={() =>
                claimReward.mutate(reward.id, {
                  onSuccess: () =>
                    toast.success('Reward claimed!', {
                      description: `Contact our support team with your reward code: ${supportEmail()}.`,
                    }),
                  onError: (err) =>
                    toast.error('Could not claim the reward', {
                      description: err.message,
                    }),
                })
              }
            >
              {claimReward.isPending ? 'Claiming...' : 'Claim Reward'}
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
