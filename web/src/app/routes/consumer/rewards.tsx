import { Link } from 'react-router-dom';
import { signInHref } from '@shared/domain/return-path';
import { useSession } from '@web/api/auth/use-session';
import { PageFrame } from '@web/components/layouts/page-frame';
import { buttonClass } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { AppShell } from '@web/features/consumer/components/app-shell';
import { RewardCatalogue } from '@web/features/rewards/components/reward-catalogue';

/** /rewards: the catalogue, or a sign-in message (consumer spec §2, §6). */
export default function RewardsRoute() {
  const session = useSession();
  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signed-out') {
    return (
      <PageFrame title="Rewards">
        <div className="mx-auto mt-10 max-w-md rounded-2xl border border-line bg-white p-8 text-center">
          <h2 className="text-lg font-semibold">Sign in to view rewards</h2>
          <p className="mt-1 text-sm text-ink-muted">
            You need to be logged in to access the rewards page.
          </p>
          <Link
            to={signInHref(paths.rewards)}
            className={buttonClass('primary', 'md', 'mt-6')}
          >
            Sign In
          </Link>
        </div>
      </PageFrame>
    );
  }
  return (
    <AppShell title="Rewards">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Rewards</h1>
      <p className="text-accent-800 mt-2 inline-flex rounded-full bg-accent-100 px-3 py-1 text-sm font-medium">
        More rewards coming soon
      </p>
      <RewardCatalogue userId={session.session.user.id} />
    </AppShell>
  );
}
