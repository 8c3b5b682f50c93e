import { useEffect, useState } from 'react';
import { CONFIG_PATH } from '@web/lib/env';

export type Reachability = 'checking' | 'reachable' | 'unreachable';

/**
 * Whether Peega's server answers: offline says so at once, else one small
 * request to /config.json (the page server's cheapest answer) decides.
 */
export async function probeServer(
  fetchImpl: typeof fetch = fetch,
): Promise<Exclude<Reachability, 'checking'>> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return 'unreachable';
  try {
    const res = await fetchImpl(CONFIG_PATH, { cache: 'no-store' });
    return res.ok ? 'reachable' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/** {@link probeServer} once, when `wanted`; 'reachable' when not wanted. */
export function useServerReachable(wanted: boolean): Reachability {
  const [state, setState] = useState<Reachability>(
    wanted ? 'checking' : 'reachable',
  );
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void probeServer().then((r) => live && setState(r));
    return () => {
      live = false;
    };
  }, [wanted]);
  return state;
}
