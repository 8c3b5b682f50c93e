import { queryOptions, useQuery } from '@tanstack/react-query';
import { listWebhookDeliveries, listWebhooks } from '@shared/data/companies';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

export const webhooksQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: companyKeys.webhooks(userId),
    queryFn: () => listWebhooks(getSupabase()),
  });

export const webhookDeliveriesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: companyKeys.deliveries(userId),
    queryFn: () => listWebhookDeliveries(getSupabase()),
    refetchInterval: 5000,
  });

/** The company's webhook endpoints. */
export function useWebhooks() {
  return useQuery(webhooksQueryOptions(useUserId()));
}

/** The latest deliveries (refreshed every 5 s while shown). */
export function useWebhookDeliveries() {
  return useQuery(webhookDeliveriesQueryOptions(useUserId()));
}
