import sharp from 'sharp';
import { StorageError } from './errors.ts';
import { optEnum, optInt, type Json } from './validate.ts';

/** Storage's `TransformOptions` (what storage-js sends and signs). */
export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  format?: 'origin' | 'avif';
  quality?: number;
}

/** Hosted Storage's documented limits (image-transformations guide). */
export const TRANSFORM_LIMITS = {
  maxSide: 2500,
  maxBytes: 25 * 1024 * 1024,
  maxPixels: 50_000_000,
  defaultQuality: 80,
};

const RESIZE = ['cover', 'contain', 'fill'] as const;
const FORMAT = ['origin', 'avif'] as const;

/**
 * The render route's schema: integers for sizes (0 = not given), resize and
 * format enums, quality 20–100, with Fastify/Ajv's messages.
 */
export function parseTransform(
  o: Json,
  where: 'querystring' | 'body' = 'querystring',
): TransformOptions {
  const quality = optInt(o, 'quality', 20, where);
  if (quality !== undefined && quality > 100) {
    throw new StorageError(
      400,
      'InvalidRequest',
      `${where}/quality must be <= 100`,
      'Bad Request',
    );
  }
  const opts: TransformOptions = {
    width: optInt(o, 'width', 0, where),
    height: optInt(o, 'height', 0, where),
    resize: optEnum(o, 'resize', RESIZE, where),
    format: optEnum(o, 'format', FORMAT, where),
    quality,
  };
  for (const k of Object.keys(opts) as (keyof TransformOptions)[]) {
    if (opts[k] === undefined) delete opts[k];
  }
  return opts;
}

/**
 * The options as Storage writes them into a signed token and the
 * `X-Transformations` header (`applyTransformation(opts, true)`): sizes
 * clamped to the limits, resize only with a size.
 */
export function transformSegments(opts: TransformOptions): string[] {
  const clamp = (n: number) => Math.min(n, TRANSFORM_LIMITS.maxSide);
  const out: string[] = [];
  if (opts.height) out.push(`height:${clamp(opts.height)}`);
  if (opts.width) out.push(`width:${clamp(opts.width)}`);
  if (opts.width || opts.height) out.push(`resize:${opts.resize ?? 'cover'}`);
  if (opts.quality) out.push(`quality:${opts.quality}`);
  if (opts.format) out.push(`format:${opts.format}`);
  return out;
}

/** Reads back what `transformSegments` wrote (from a verified token). */
export function segmentsToOptions(segments: string): TransformOptions {
  const o: Json = {};
  for (const seg of segments.split(',')) {
    const at = seg.indexOf(':');
    if (at > 0) o[seg.slice(0, at)] = seg.slice(at + 1);
  }
  return parseTransform(o);
}

/** Storage's `ImageProcessingError`: the image service's status, verbatim. */
const processingError = (status: number, message: string) =>
  new StorageError(
    status,
    status > 499 ? 'InternalError' : 'InvalidRequest',
    message,
    status > 499 ? 'InternalError' : 'InvalidRequest',
    status,
  );

// Outputs sharp writes; any other source type (SVG, BMP, ICO, HEIC) comes
// back as PNG when the original format is asked for.
type Output = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'avif';
const OUTPUTS: Record<string, Output> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  tiff: 'tiff',
};

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

// A decoded 50 MP source is ~200 MB of pixels: at most this many at once,
// the rest wait their turn instead of growing the heap.
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  try {
    return await fn();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export interface Transformed {
  body: Buffer;
  contentType: string;
}

/**
 * What imgproxy does for Storage: decode (at most 50 MP, 25 MB), resize
 * without enlarging, and encode as asked. Without `format`, a client that
 * accepts WebP gets WebP (imgproxy's WebP detection), others the original.
 */
export async function transformImage(
  data: Buffer,
  mimetype: string,
  opts: TransformOptions,
  accept = '',
): Promise<Transformed> {
  if (!mimetype.startsWith('image/')) {
    throw processingError(422, 'Source image type not supported');
  }
  if (data.length > TRANSFORM_LIMITS.maxBytes) {
    throw processingError(422, 'Source image file is too big');
  }
  try {
    return await oneAtATime(() => encode(data, opts, accept));
  } catch (err) {
    if (err instanceof StorageError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(message)) {
      throw processingError(422, 'Source image resolution is too big');
    }
    if (/unsupported image format|bad seek|corrupt|premature/i.test(message)) {
      throw processingError(422, 'Source image type not supported');
    }
    throw processingError(422, `Image processing failed: ${message}`);
  }
}

async function encode(
  data: Buffer,
  opts: TransformOptions,
  accept: string,
): Promise<Transformed> {
  const clamp = (n?: number) =>
    n ? Math.min(n, TRANSFORM_LIMITS.maxSide) : undefined;
  const img = sharp(data, {
    limitInputPixels: TRANSFORM_LIMITS.maxPixels,
    animated: false,
    failOn: 'error',
  }).rotate();
  const meta = await img.metadata();
  const width = clamp(opts.width);
  const height = clamp(opts.height);
  if (width || height) {
    img.resize({
      width,
      height,
      fit: FIT[opts.resize ?? 'cover'],
      withoutEnlargement: true,
    });
  }
  const format: Output =
    opts.format === 'avif'
      ? 'avif'
      : opts.format !== 'origin' && accept.includes('image/webp')
        ? 'webp'
        : (OUTPUTS[meta.format ?? ''] ?? 'png');
  const quality = opts.quality ?? TRANSFORM_LIMITS.defaultQuality;
  const body = await img.toFormat(format, { quality }).toBuffer();
  const contentType = format === 'jpeg' ? 'image/jpeg' : `image/${format}`;
  return { body, contentType };
}
