import { useProfile } from '@web/api/profiles/get-profile';
import { Skeleton } from '@web/components/ui/skeleton';
import { AppShell } from '@web/features/consumer/components/app-shell';
import { ProfileLayout } from '@web/features/profile/components/profile-layout';
import { ProfileSettingsForm } from '@web/features/profile/components/profile-settings-form';
import { useSignedInUser } from '@web/hooks/use-signed-in-user';

/** /profile/settings: the questionnaire (consumer spec §2). */
export default function ProfileSettingsRoute() {
  const user = useSignedInUser();
  const profile = useProfile(user.id);
  return (
    <AppShell title="Profile">
      <ProfileLayout title="Profile">
        {profile.data ? (
          <ProfileSettingsForm key={profile.data.id} profile={profile.data} />
        ) : (
          <Skeleton className="h-96" />
        )}
      </ProfileLayout>
    </AppShell>
  );
}
