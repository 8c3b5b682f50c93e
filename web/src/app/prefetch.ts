import type { QueryClient } from '@tanstack/react-query';
import { loadEnv } from '@web/lib/env';

/** Starts a signed-in screen's first queries for this user. */
export type Prefetch = (queryClient: QueryClient, userId: string) => void;

/**
 * Requests a signed-in screen's data as soon as the configuration and the
 * stored session are known, in parallel with the rest of the screen's code:
 * on a slow network the queries no longer wait for every module of the
 * screen to arrive. The screen's own queries then find them in the cache.
 * A failure here is left to the screen's queries, which ask again.
 */
export async function prefetchScreenData(
  load: () => Promise<{ default: Prefetch }>,
): Promise<void> {
  try {
    const [{ getSupabase }, { queryClient }, prefetch] = await Promise.all([
      import('@web/lib/supabase'),
      import('@web/lib/query-client'),
      load(),
      loadEnv(),
    ]);
    const { data } = await getSupabase().auth.getSession();
    const userId = data.session?.user.id;
    if (userId) prefetch.default(queryClient, userId);
  } catch {
    // The screen reads (and explains) for itself.
  }
}
