import { queryOptions, useQuery } from '@tanstack/react-query';
import { listWebhookDeliveries, listWebhooks } from '@shared/data/companies';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.webhooks(),
    queryFn: () => listWebhooks(getSupabase()),
  });

export const webhookDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.deliveries(),
    queryFn: () => listWebhookDeliveries(getSupabase()),
    refetchInterval: 5000,
  });

/** The company's webhook endpoints. */
export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}

/** The latest deliveries (refreshed every 5 s while shown). */
export function useWebhookDeliveries() {
  return useQuery(webhookDeliveriesQueryOptions());
}
