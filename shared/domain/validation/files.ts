/**
 * Upload checks (consumer spec §5 "Screenshot", "Audio", §9 "Uploads";
 * company spec §5 "Image upload", §9). Schemas read plain
 * `{ name, type, size }` objects, so a browser `File` or a server-side
 * description both pass through them.
 */

import { z } from 'zod';
import {
  AUDIO_MAX_BYTES,
  BLOG_IMAGE_MAX_BYTES,
  SCREENSHOT_MAX_BYTES,
} from './limits.ts';
import {
  AUDIO_INVALID_TYPE,
  AUDIO_TOO_LARGE,
  BLOG_IMAGE_INVALID_TYPE,
  BLOG_IMAGE_TOO_LARGE,
  SCREENSHOT_INVALID_TYPE,
  SCREENSHOT_TOO_LARGE,
} from './messages.ts';

/** What the checks read from a file. */
export interface FileInfo {
  /** File name, e.g. `shot.png`. */
  readonly name: string;
  /** Declared MIME type, e.g. `image/png`. */
  readonly type: string;
  /** Size in bytes. */
  readonly size: number;
}

/**
 * SVG is refused as an image. Decision: SVG can carry scripts, and uploaded
 * files are served from the app's own origin.
 */
export const REFUSED_IMAGE_TYPES: readonly string[] = ['image/svg+xml'];

/** True when a MIME type (any case) is an accepted image: `image/*` but not SVG. */
export function isAcceptedImageType(type: string): boolean {
  const lower = type.trim().toLowerCase();
  return lower.startsWith('image/') && !REFUSED_IMAGE_TYPES.includes(lower);
}

/** True when a MIME type (any case) is `audio/*`. */
export function isAudioType(type: string): boolean {
  return type.trim().toLowerCase().startsWith('audio/');
}

/** Builds a schema for one upload kind: a type test and a byte limit. */
function fileSchema(options: {
  readonly acceptsType: (type: string) => boolean;
  readonly maxBytes: number;
  readonly typeMessage: string;
  readonly sizeMessage: string;
}) {
  return z
    .object({
      name: z.string(),
      type: z.string(options.typeMessage),
      size: z.number().int().nonnegative(),
    })
    .check((ctx) => {
      if (!options.acceptsType(ctx.value.type)) {
        ctx.issues.push({
          code: 'custom',
          message: options.typeMessage,
          path: ['type'],
          input: ctx.value.type,
        });
      }
      if (ctx.value.size > options.maxBytes) {
        ctx.issues.push({
          code: 'custom',
          message: options.sizeMessage,
          path: ['size'],
          input: ctx.value.size,
        });
      }
    });
}

/**
 * Feedback screenshot: an image type (not SVG), else 'Please select an
 * image file.' (title 'Invalid file type'); at most 5 MB = 5 242 880 bytes,
 * else 'Please select an image smaller than 5MB.' (title 'File too large').
 */
export const screenshotFileSchema = fileSchema({
  acceptsType: isAcceptedImageType,
  maxBytes: SCREENSHOT_MAX_BYTES,
  typeMessage: SCREENSHOT_INVALID_TYPE.description,
  sizeMessage: SCREENSHOT_TOO_LARGE.description,
});

/**
 * Feedback audio: an `audio/*` type, else 'Please select an audio file.';
 * at most 10 MB = 10 485 760 bytes, else 'Please select an audio file
 * smaller than 10MB.'.
 */
export const audioFileSchema = fileSchema({
  acceptsType: isAudioType,
  maxBytes: AUDIO_MAX_BYTES,
  typeMessage: AUDIO_INVALID_TYPE.description,
  sizeMessage: AUDIO_TOO_LARGE.description,
});

/**
 * Blog image: an image type (not SVG), else 'Please select an image file';
 * at most 5 MB (5*1024*1024 bytes), else 'Image must be less than 5MB'.
 */
export const blogImageFileSchema = fileSchema({
  acceptsType: isAcceptedImageType,
  maxBytes: BLOG_IMAGE_MAX_BYTES,
  typeMessage: BLOG_IMAGE_INVALID_TYPE,
  sizeMessage: BLOG_IMAGE_TOO_LARGE,
});

/**
 * Extension for a stored file name: the part after the last dot of `name`,
 * lowercased, when it is 1–10 letters or digits; else null (the caller
 * then derives one from the type). `'Shot.PNG'` → `'png'`.
 */
export function fileExtension(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : null;
}

/**
 * The media type without parameters, lower-cased: `audio/webm;codecs=opus`
 * → `audio/webm`. Storage compares a bucket's `allowed_mime_types` with the
 * type verbatim (parameters included), so uploads declare this bare type.
 */
export function baseMimeType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

/** File extensions of the types the feedback buckets take. */
const MEDIA_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
};

/**
 * The extension a stored media file gets: from its type (parameters
 * ignored), else from its name, else `bin`. A Chrome recording
 * (`audio/webm;codecs=opus`) → `webm`, Firefox's `audio/ogg` → `ogg`,
 * Safari's `audio/mp4` → `m4a`.
 */
export function mediaExtension(type: string, name = ''): string {
  return MEDIA_EXTENSIONS[baseMimeType(type)] ?? fileExtension(name) ?? 'bin';
}
