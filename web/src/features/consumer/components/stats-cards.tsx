import type { ReactNode } from 'react';
import { levelProgress, MAX_LEVEL_TEXT } from '@shared/domain/levels';
import { formatReputation } from '@shared/domain/reputation';
import { useUserStats } from '@web/api/stats/get-user-stats';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';

function StatCard({
  label,
  icon,
  children,
}: {
  label: string;
  icon: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-sm font-medium text-ink-muted">
        <h2>{label}</h2>
        <span aria-hidden="true" className="text-xl">
          {icon}
        </span>
      </div>
      {children}
    </Card>
  );
}

/** Total Feedback, Reputation, Earnings and Experience (spec §2). */
export function StatsCards({
  userId,
  feedbackCount,
}: {
  userId: string;
  feedbackCount: number | undefined;
}) {
  const stats = useUserStats(userId);
  const points = stats.data?.total_points ?? 0;
  const progress = levelProgress(points);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total Feedback" icon="💬">
        {feedbackCount === undefined ? (
          <Skeleton className="h-9 w-16" />
        ) : (
          <p className="text-3xl font-bold" data-testid="total-feedback">
            {feedbackCount}
          </p>
        )}
      </StatCard>
      <StatCard label="Reputation" icon="⭐">
        {stats.isPending ? (
          <Skeleton className="h-9 w-16" />
        ) : (
          <p className="text-3xl font-bold" data-testid="reputation">
            {formatReputation(stats.data?.reputation)}
            <span className="text-base font-medium text-ink-muted"> / 5</span>
          </p>
        )}
      </StatCard>
      <StatCard label="Earnings" icon="💶">
        <p className="text-xl font-bold text-ink-muted">Coming Soon</p>
      </StatCard>
      <StatCard label="Experience" icon="⚡">
        {stats.isPending ? (
          <Skeleton className="h-9 w-full" />
        ) : (
          <div data-testid="experience">
            {/* "Level 3" never breaks in two on a narrow card (#40 item 19):
                the XP moves to the next line instead. */}
            <p className="flex flex-wrap items-baseline gap-x-2 text-3xl font-bold">
              <span className="whitespace-nowrap">Level {progress.level}</span>
              <span className="text-base font-medium whitespace-nowrap text-ink-muted">
                {points} XP
              </span>
            </p>
            {progress.isMaxLevel ? (
              <p className="mt-2 text-sm font-semibold text-brand-700">
                {MAX_LEVEL_TEXT}
              </p>
            ) : (
              <div className="mt-2">
                <div
                  role="progressbar"
                  aria-label="Progress to the next level"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(progress.percent)}
                  className="h-2 overflow-hidden rounded-full bg-brand-100"
                >
                  <div
                    className="h-full rounded-full bg-gradient-to-r from-brand-500 to-accent-400"
                    style={{ width: `${progress.percent}%` }}
                  />
                </div>
                <p className="mt-1 text-xs text-ink-muted">
                  {progress.pointsToNext} XP to level {progress.level + 1}
                </p>
              </div>
            )}
          </div>
        )}
      </StatCard>
    </div>
  );
}
