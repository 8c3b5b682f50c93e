import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  SCREENSHOT_THUMBNAIL,
  signedFileUrl,
  type FileTransform,
  type UploadBucket,
} from '@shared/data/uploads';
import { useUserId } from '@web/api/auth/use-session';
import { getSupabase } from '@web/lib/supabase';
import { uploadKeys } from './keys';

const EXPIRES_SECONDS = 600;

export const signedUrlQueryOptions = (
  userId: string,
  bucket: UploadBucket,
  path: string,
  transform?: FileTransform,
) =>
  queryOptions({
    queryKey: uploadKeys.signedUrl(userId, bucket, path, transform),
    meta: { silent: true },
    queryFn: () =>
      signedFileUrl(getSupabase(), bucket, path, EXPIRES_SECONDS, transform),
    // Renewed well before the address expires.
    staleTime: (EXPIRES_SECONDS - 60) * 1000,
  });

/**
 * A short-lived address of a private screenshot or voice note (or, with
 * `transform`, of a resized screenshot).
 */
export function useSignedUrl(
  bucket: UploadBucket,
  path: string | null,
  transform?: FileTransform,
) {
  return useQuery({
    ...signedUrlQueryOptions(useUserId(), bucket, path ?? '', transform),
    enabled: path !== null && path !== '',
  });
}

/** Storage's thumbnail of a private screenshot, for lists. */
export const useScreenshotThumbnail = (path: string | null) =>
  useSignedUrl('screenshots', path, SCREENSHOT_THUMBNAIL);
