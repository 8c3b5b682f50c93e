import { unwrap, type Client } from './client.ts';

export type UploadBucket = 'screenshots' | 'audio';

/**
 * Uploads a screenshot or voice note to its private bucket under the
 * caller's opaque upload folder (never the user id) and returns its path.
 */
export async function uploadFeedbackFile(
  client: Client,
  args: {
    bucket: UploadBucket;
    file: Blob;
    contentType: string;
    extension: string;
    /** A fresh UUID from the caller (`crypto.randomUUID()`). */
    id: string;
  },
): Promise<string> {
  const folder = unwrap(await client.rpc('get_my_upload_folder'));
  const path = `${folder}/${args.id}.${args.extension}`;
  const { error } = await client.storage
    .from(args.bucket)
    .upload(path, args.file, {
      contentType: args.contentType,
      cacheControl: '3600',
      upsert: false,
    });
  if (error) unwrap({ data: null, error });
  return path;
}

/** Deletes an uploaded file the user removed before submitting. */
export async function removeFeedbackFile(
  client: Client,
  bucket: UploadBucket,
  path: string,
): Promise<void> {
  const { error } = await client.storage.from(bucket).remove([path]);
  if (error) unwrap({ data: null, error });
}

/** A short-lived address for a private file (the app never makes them public). */
export async function signedFileUrl(
  client: Client,
  bucket: UploadBucket,
  path: string,
  expiresInSeconds = 600,
): Promise<string> {
  const { data, error } = await client.storage
    .from(bucket)
    .createSignedUrl(path, expiresInSeconds);
  if (error) unwrap({ data: null, error });
  return data!.signedUrl;
}
