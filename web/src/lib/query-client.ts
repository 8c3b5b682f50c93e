import {
  QueryCache,
  QueryClient,
  type DefaultOptions,
} from '@tanstack/react-query';
import { toast } from '@web/lib/toast';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent: true` for queries whose failure the screen explains itself. */
    queryMeta: { silent?: boolean };
  }
}

/**
 * A query that cannot load (backend down, network gone) says so once with
 * the spec's toast instead of leaving an empty screen unexplained.
 */
function onQueryError(
  error: Error,
  query: { meta?: { silent?: boolean }; queryKey: readonly unknown[] },
) {
  if (query.meta?.silent) {
    // The spec's "only logged" failures (blog lists, like counts, …).
    console.error('Query failed:', query.queryKey, error);
    return;
  }
  toast.error('Something went wrong', {
    id: 'query-error',
    description: 'Please try again later.',
  });
}

/** Cache defaults for every query and mutation of the app (STYLE.md §2.5). */
export const queryDefaults = {
  queries: {
    staleTime: 30_000,
    retry: 1,
  },
  mutations: {
    // A write is never repeated behind the user's back (e.g. a second feedback).
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: queryDefaults,
    queryCache: new QueryCache({ onError: onQueryError }),
  });
}

/** The app's one query cache, the only home for server data. */
export const queryClient = createQueryClient();
