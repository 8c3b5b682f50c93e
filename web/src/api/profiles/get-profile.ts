import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile } from '@shared/data/profiles';
import { profileKeys } from '@web/api/profiles/keys';
import { getSupabase } from '@web/lib/supabase';

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.detail(userId),
    queryFn: () => getProfile(getSupabase(), userId),
  });

/** The signed-in user's profile (questionnaire, nickname, verification). */
export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId));
}
