import { useProfile } from '@web/api/profiles/get-profile';
import { Skeleton } from '@web/components/ui/skeleton';
import { ProfileLayout } from '@web/features/profile/components/profile-layout';
import { ProfileSettingsForm } from '@web/features/profile/components/profile-settings-form';
import { useSignedInUser } from '@web/hooks/use-signed-in-user';

/** /profile/settings: the questionnaire (consumer spec §2). */
export default function ProfileSettingsRoute() {
  const user = useSignedInUser();
  const profile = useProfile(user.id);
  return (
    <ProfileLayout title="Profile">
      {profile.data ? (
        <ProfileSettingsForm key={profile.data.id} profile={profile.data} />
      ) : (
        <Skeleton className="h-96" />
      )}
    </ProfileLayout>
  );
}
