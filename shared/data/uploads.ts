import { unwrap, type Client } from './client.ts';

export type UploadBucket = 'screenshots' | 'audio';

/**
 * Uploads a screenshot or voice note to its private bucket and returns its
 * path `{folder}/{id}.{extension}`. The folder is a fresh random one for
 * this file alone (never the user id, never shared with another upload), so
 * companies that see several media paths cannot tell they share an author
 * (DECISIONS.md "Upload paths"); Storage records the uploader as the owner.
 * Upload before inserting the feedback: the database pays the media bonus
 * only for a path that exists and belongs to the author.
 */
export async function uploadFeedbackFile(
  client: Client,
  args: {
    bucket: UploadBucket;
    file: Blob;
    contentType: string;
    extension: string;
    /** A fresh UUID from the caller (`crypto.randomUUID()`): the file name. */
    id: string;
  },
): Promise<string> {
  const path = `${crypto.randomUUID()}/${args.id}.${args.extension}`;
  // storage-js sends a Blob as a multipart part typed by the Blob itself and
  // ignores `contentType`; Storage then compares that type verbatim with the
  // bucket's list, so a recording typed `audio/webm;codecs=opus` is refused.
  // Re-typing the Blob (no copy) makes the declared type the one we checked.
  const file =
    args.file.type === args.contentType
      ? args.file
      : new Blob([args.file], { type: args.contentType });
  const { error } = await client.storage.from(args.bucket).upload(path, file, {
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

/**
 * What lists show instead of a full screenshot: at most 800×448 (twice the
 * list's 224 px height, for sharp screens), never enlarged; Storage serves it
 * as WebP to browsers that take it.
 */
export const SCREENSHOT_THUMBNAIL = {
  width: 800,
  height: 448,
  resize: 'contain',
} as const;

export type FileTransform = typeof SCREENSHOT_THUMBNAIL;

/**
 * A short-lived address for a private file (the app never makes them
 * public); with `transform`, of Storage's resized image instead.
 */
export async function signedFileUrl(
  client: Client,
  bucket: UploadBucket,
  path: string,
  expiresInSeconds = 600,
  transform?: FileTransform,
): Promise<string> {
  const { data, error } = await client.storage
    .from(bucket)
    .createSignedUrl(path, expiresInSeconds, transform ? { transform } : {});
  if (error) unwrap({ data: null, error });
  return data!.signedUrl;
}
