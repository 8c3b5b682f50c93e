import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeToCompanyEvents } from '@shared/data/realtime';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

/** Refreshes the dashboard when a feedback of the company changes. */
export function useCompanyRealtime(companyId: string | undefined) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  useEffect(() => {
    if (!companyId) return;
    return subscribeToCompanyEvents(getSupabase(), companyId, () => {
      void queryClient.invalidateQueries({
        queryKey: companyKeys.feedback(userId),
      });
      void queryClient.invalidateQueries({
        queryKey: companyKeys.domains(userId),
      });
    });
  }, [companyId, queryClient, userId]);
}
