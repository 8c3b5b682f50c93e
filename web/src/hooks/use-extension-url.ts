import { useEnvValue } from './use-env-value';

/** The backend's own instructions page, until /config.json names another. */
const FALLBACK = '/extension';

const pick = (env: { extensionUrl: string }) => env.extensionUrl;

/**
 * Where "Download Extension" points (/config.json `extensionUrl`): the
 * landing pages and the footer show at once and pick the configured link up
 * when it arrives.
 */
export function useExtensionUrl(): string {
  return useEnvValue(pick, FALLBACK);
}
