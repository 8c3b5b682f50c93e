import type { FileTransform, UploadBucket } from '@shared/data/uploads';

/** Query keys of private files: an address is signed for one account. */
export const uploadKeys = {
  signedUrl: (
    userId: string,
    bucket: UploadBucket,
    path: string,
    transform?: FileTransform,
  ) =>
    transform
      ? (['signed-url', userId, bucket, path, transform] as const)
      : (['signed-url', userId, bucket, path] as const),
};
