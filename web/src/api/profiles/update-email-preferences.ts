import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  setCompanyMessageEmails,
  setTopicCompletedEmails,
} from '@shared/data/profiles';
import { profileKeys } from '@web/api/profiles/keys';
import { getSupabase } from '@web/lib/supabase';

/** Turns the e-mail about company messages on or off (#21). */
export function useSetCompanyMessageEmails(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      setCompanyMessageEmails(getSupabase(), userId, on),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.detail(userId), saved);
    },
  });
}

/** Turns the e-mail when something the user reported is completed on or off (#22). */
export function useSetTopicCompletedEmails(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      setTopicCompletedEmails(getSupabase(), userId, on),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.detail(userId), saved);
    },
  });
}
