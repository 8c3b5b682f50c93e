import { useEffect, useState } from 'react';
import { loadEnv, peekEnv } from '@web/lib/env';

/** The backend's own instructions page, until /config.json names another. */
const FALLBACK = '/extension';

/**
 * Where "Download Extension" points (/config.json `extensionUrl`), for pages
 * that render without waiting for the configuration: the landing pages and
 * the footer show at once and pick the configured link up when it arrives.
 */
export function useExtensionUrl(): string {
  const [url, setUrl] = useState(() => peekEnv()?.extensionUrl ?? FALLBACK);
  useEffect(() => {
    let active = true;
    loadEnv().then(
      (env) => active && setUrl(env.extensionUrl),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return url;
}
