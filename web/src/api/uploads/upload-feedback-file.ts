import { useMutation } from '@tanstack/react-query';
import {
  removeFeedbackFile,
  signedFileUrl,
  uploadFeedbackFile,
  type UploadBucket,
} from '@shared/data/uploads';
import { getSupabase } from '@web/lib/supabase';

/** Uploads a screenshot or audio file; answers its storage path. */
export function useUploadFeedbackFile() {
  return useMutation({
    mutationFn: (args: {
      bucket: UploadBucket;
      file: Blob;
      contentType: string;
      extension: string;
    }) =>
      uploadFeedbackFile(getSupabase(), { ...args, id: crypto.randomUUID() }),
  });
}

/** Deletes a file the user removed from the form (best effort). */
export function removeUploadedFile(bucket: UploadBucket, path: string) {
  return removeFeedbackFile(getSupabase(), bucket, path).catch(() => {});
}

/** A short-lived address of the user's own upload (a draft's, after a reload). */
export function uploadedFileUrl(bucket: UploadBucket, path: string) {
  return signedFileUrl(getSupabase(), bucket, path, 3600);
}
