import { AppShell } from '@web/features/consumer/components/app-shell';
import { ReferralProgram } from '@web/features/referrals/components/referral-program';
import { useSignedInUser } from '@web/hooks/use-signed-in-user';

/** /referrals: the referral programme (consumer spec §2). */
export default function ReferralsRoute() {
  const user = useSignedInUser();
  return (
    <AppShell title="Referrals" width="max-w-4xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        Referrals
      </h1>
      <p className="mt-1 text-ink-muted">
        Invite friends and earn XP together.
      </p>
      <div className="mt-6">
        <ReferralProgram userId={user.id} />
      </div>
    </AppShell>
  );
}
