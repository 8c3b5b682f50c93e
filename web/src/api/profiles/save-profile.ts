import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '@shared/data/analytics';
import { checkProfileCompletion, saveProfile } from '@shared/data/profiles';
import type { ProfileForm } from '@shared/domain/validation/profile';
import { profileKeys } from '@web/api/profiles/keys';
import { statsKeys } from '@web/api/stats/keys';
import { getSupabase } from '@web/lib/supabase';

/**
 * Saves the questionnaire, then asks the server for its completeness
 * verdict (which awards the +30 XP once) and refreshes profile and stats.
 */
export function useSaveProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (profile: ProfileForm) => {
      const client = getSupabase();
      const saved = await saveProfile(client, userId, profile);
      const completion = await checkProfileCompletion(client);
      // Consumer spec §4: a save that yields a complete profile is tracked.
      if (completion?.complete) {
        void trackEvent(client, {
          name: 'profile_completed',
          properties: {},
        });
      }
      return { saved, completion };
    },
    onSuccess: ({ saved }) => {
      queryClient.setQueryData(profileKeys.detail(userId), saved);
      return queryClient.invalidateQueries({
        queryKey: statsKeys.user(userId),
      });
    },
  });
}
