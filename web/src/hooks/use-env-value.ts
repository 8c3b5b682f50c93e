import { useEffect, useState } from 'react';
import { loadEnv, peekEnv, type Env } from '@web/lib/env';

/**
 * A value of /config.json for pages that render without waiting for it (the
 * landing pages, the footer): `fallback` first, the configured value when it
 * arrives.
 */
export function useEnvValue<T>(pick: (env: Env) => T, fallback: T): T {
  const [value, setValue] = useState(() => {
    const env = peekEnv();
    return env ? pick(env) : fallback;
  });
  useEffect(() => {
    let active = true;
    loadEnv().then(
      (env) => active && setValue(pick(env)),
      () => undefined,
    );
    return () => {
      active = false;
    };
    // `pick` is a module-level function of each caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}
