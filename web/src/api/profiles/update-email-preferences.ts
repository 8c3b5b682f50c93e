import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  setCompanyMessageEmails,
  setEmailPreference,
  type EmailPreference,
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

/** Turns one of the author's other e-mails on or off (#22, #35). */
export function useSetEmailPreference(
  userId: string,
  preference: EmailPreference,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      setEmailPreference(getSupabase(), userId, preference, on),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.detail(userId), saved);
    },
  });
}
