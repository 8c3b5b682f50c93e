import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateNickname } from '@shared/data/profiles';
import { communityKeys } from '@web/api/community/keys';
import { profileKeys } from '@web/api/profiles/keys';
import { getSupabase } from '@web/lib/supabase';

/** Changes the leaderboard nickname of the signed-in user. */
export function useUpdateNickname(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nickname: string) =>
      updateNickname(getSupabase(), userId, nickname),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.detail(userId), saved);
      return queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}
