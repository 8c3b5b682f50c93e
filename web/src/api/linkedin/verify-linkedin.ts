import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyLinkedin } from '@shared/data/linkedin';
import type { LinkedinExchangeRequest } from '@shared/domain/linkedin';
import { profileKeys } from '@web/api/profiles/keys';
import { statsKeys } from '@web/api/stats/keys';
import { getSupabase } from '@web/lib/supabase';

/** Sends the callback's code and state to the linkedin-oauth function. */
export function useVerifyLinkedin(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: LinkedinExchangeRequest) =>
      verifyLinkedin(getSupabase(), request),
    onSuccess: () =>
      userId
        ? Promise.all([
            queryClient.invalidateQueries({
              queryKey: profileKeys.detail(userId),
            }),
            queryClient.invalidateQueries({ queryKey: statsKeys.user(userId) }),
          ])
        : undefined,
  });
}
