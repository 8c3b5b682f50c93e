import { useEnvValue } from './use-env-value';

const pick = (env: { billingEnabled: boolean }) => env.billingEnabled;

/**
 * Whether Stripe is configured (#35, /config.json `billingEnabled`), for the
 * landing's pricing: "Coming soon" until the configuration says otherwise.
 */
export function useBillingEnabled(): boolean {
  return useEnvValue(pick, false);
}
