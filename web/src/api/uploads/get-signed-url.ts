import { queryOptions, useQuery } from '@tanstack/react-query';
import { signedFileUrl, type UploadBucket } from '@shared/data/uploads';
import { useUserId } from '@web/api/auth/use-session';
import { getSupabase } from '@web/lib/supabase';
import { uploadKeys } from './keys';

const EXPIRES_SECONDS = 600;

export const signedUrlQueryOptions = (
  userId: string,
  bucket: UploadBucket,
  path: string,
) =>
  queryOptions({
    queryKey: uploadKeys.signedUrl(userId, bucket, path),
    meta: { silent: true },
    queryFn: () => signedFileUrl(getSupabase(), bucket, path, EXPIRES_SECONDS),
    // Renewed well before the address expires.
    staleTime: (EXPIRES_SECONDS - 60) * 1000,
  });

/** A short-lived address of a private screenshot or voice note. */
export function useSignedUrl(bucket: UploadBucket, path: string | null) {
  return useQuery({
    ...signedUrlQueryOptions(useUserId(), bucket, path ?? ''),
    enabled: path !== null && path !== '',
  });
}
