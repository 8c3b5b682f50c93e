import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeToCompanyEvents } from '@shared/data/realtime';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

/** Refreshes the dashboard when a feedback of the company changes. */
export function useCompanyRealtime(companyId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!companyId) return;
    return subscribeToCompanyEvents(getSupabase(), companyId, () => {
      void queryClient.invalidateQueries({ queryKey: companyKeys.feedback() });
      void queryClient.invalidateQueries({ queryKey: companyKeys.domains() });
    });
  }, [companyId, queryClient]);
}
