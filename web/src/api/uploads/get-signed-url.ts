import { queryOptions, useQuery } from '@tanstack/react-query';
import { signedFileUrl, type UploadBucket } from '@shared/data/uploads';
import { getSupabase } from '@web/lib/supabase';

const EXPIRES_SECONDS = 600;

export const signedUrlQueryOptions = (bucket: UploadBucket, path: string) =>
  queryOptions({
    queryKey: ['signed-url', bucket, path] as const,
    meta: { silent: true },
    queryFn: () => signedFileUrl(getSupabase(), bucket, path, EXPIRES_SECONDS),
    // Renewed well before the address expires.
    staleTime: (EXPIRES_SECONDS - 60) * 1000,
  });

/** A short-lived address of a private screenshot or voice note. */
export function useSignedUrl(bucket: UploadBucket, path: string | null) {
  return useQuery({
    ...signedUrlQueryOptions(bucket, path ?? ''),
    enabled: path !== null && path !== '',
  });
}
