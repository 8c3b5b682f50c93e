import { AppShell } from '@web/features/consumer/components/app-shell';
import { CommunityStats } from '@web/features/community/components/community-stats';
import { Leaderboard } from '@web/features/community/components/leaderboard';

/** /app/community: stat cards and the leaderboard (consumer spec §2). */
export default function CommunityRoute() {
  return (
    <AppShell title="Community">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        Community
      </h1>
      <div className="mt-6 flex flex-col gap-6">
        <CommunityStats />
        <Leaderboard />
      </div>
    </AppShell>
  );
}
