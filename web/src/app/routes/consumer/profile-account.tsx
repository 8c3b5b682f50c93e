import { useProfile } from '@web/api/profiles/get-profile';
import { Skeleton } from '@web/components/ui/skeleton';
import { AppShell } from '@web/features/consumer/components/app-shell';
import { AccountDetails } from '@web/features/profile/components/account-details';
import { ProfileLayout } from '@web/features/profile/components/profile-layout';
import { useSignedInUser } from '@web/hooks/use-signed-in-user';

/** /profile/account: e-mail, name, nickname (consumer spec §2). */
export default function ProfileAccountRoute() {
  const user = useSignedInUser();
  const profile = useProfile(user.id);
  return (
    <AppShell title="Account Details">
      <ProfileLayout title="Account Details">
        {profile.data ? (
          <AccountDetails profile={profile.data} />
        ) : (
          <Skeleton className="h-72" />
        )}
      </ProfileLayout>
    </AppShell>
  );
}
