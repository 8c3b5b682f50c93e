import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

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
  return new QueryClient({ defaultOptions: queryDefaults });
}

/** The app's one query cache, the only home for server data. */
export const queryClient = createQueryClient();
