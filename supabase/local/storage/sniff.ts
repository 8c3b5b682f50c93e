// Magic-byte checks of an upload's declared type (DECISIONS "Uploads": the
// declared type must match the file's bytes). Hosted Storage trusts the
// declared type; this backend refuses e.g. an HTML page uploaded as a PNG,
// and an image that is also a page (red-team finding L11).
import { inflateSync } from 'node:zlib';
import {
  aac,
  ebml,
  flac,
  gif,
  isoBmff,
  jpeg,
  mp3,
  ogg,
  png,
  riff,
  type ByteSignature,
} from '../../../shared/domain/validation/media-bytes.ts';
import { baseMimeType } from '../../../shared/domain/validation/files.ts';

type Matcher = ByteSignature;

const head = (b: Uint8Array, n = 4096) =>
  Buffer.from(b.buffer, b.byteOffset, Math.min(b.length, n)).toString('latin1');

const pdf: Matcher = (b) => head(b, 1024).includes('%PDF-');
const PROLOG = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!doctype[^>]*>\s*)*/;

/** An SVG document: optional XML prolog, comments or doctype, then `<svg`. */
const isSvg: Matcher = (b) => {
  const text = head(b)
    .replace(/^\xEF\xBB\xBF/, '')
    .toLowerCase();
  const rest = text.replace(PROLOG, '');
  return /^<svg[\s>/]/.test(rest);
};

// Media never starts with `<` nor carries script or page tags up front:
// markup declared as media is refused even when the declared subtype has no
// signature here.
const isMarkup: Matcher = (b) => {
  const text = head(b, 1024)
    .replace(/^\xEF\xBB\xBF/, '')
    .trimStart();
  return (
    text.startsWith('<') ||
    /<(script|html|svg|iframe|!doctype)[\s>]/i.test(text)
  );
};

// Tags that make a browser (or a sniffer) treat bytes as a page: a valid
// image carrying one is a polyglot, a page when served or sniffed as one.
// Namespaced XMP (`<x:xmpmeta`, `<rdf:…`) and `<?xpacket` are not matched.
const ACTIVE_TAG =
  /<(?:script|html|head|body|svg|iframe|frame|object|embed|meta|link|style|base|form|img|!doctype)[\s>/]/i;

const latin1 = (b: Uint8Array) =>
  Buffer.from(b.buffer, b.byteOffset, b.length).toString('latin1');

/** Text a decoder keeps: PNG tEXt/iTXt/zTXt chunks, JPEG COM segments. */
function textChunks(b: Uint8Array): string[] {
  const out: string[] = [];
  const view = Buffer.from(b.buffer, b.byteOffset, b.length);
  if (png(b)) {
    for (let at = 8; at + 12 <= view.length;) {
      const len = view.readUInt32BE(at);
      const type = view.toString('latin1', at + 4, at + 8);
      const data = view.subarray(at + 8, Math.min(at + 8 + len, view.length));
      if (type === 'tEXt' || type === 'iTXt') out.push(data.toString('latin1'));
      if (type === 'zTXt') {
        // keyword, NUL, method byte, deflated text (at most 64 KB read).
        const nul = data.indexOf(0);
        try {
          out.push(
            inflateSync(data.subarray(nul + 2), {
              maxOutputLength: 65536,
            }).toString('latin1'),
          );
        } catch {
          out.push(data.toString('latin1'));
        }
      }
      if (type === 'IEND') break;
      at += 12 + len;
    }
  } else if (jpeg(b)) {
    // Segments up to the scan data; COM (0xFE) holds free text.
    for (let at = 2; at + 4 <= view.length && view[at] === 0xff;) {
      const marker = view[at + 1]!;
      if (marker === 0xda || marker === 0xd9) break;
      const len = view.readUInt16BE(at + 2);
      if (marker === 0xfe)
        out.push(view.toString('latin1', at + 4, at + 2 + len));
      at += 2 + len;
    }
  }
  return out;
}

/** Markup in the first KB (what MIME sniffers read) or in a text chunk. */
const carriesMarkup: Matcher = (b) =>
  [latin1(b.subarray(0, 1024)), ...textChunks(b)].some((t) =>
    ACTIVE_TAG.test(t),
  );

const SIGNATURES: Record<string, Matcher> = {
  'image/png': png,
  'image/apng': png,
  'image/jpeg': jpeg,
  'image/gif': gif,
  'image/webp': riff('WEBP'),
  'image/avif': isoBmff,
  'image/heic': isoBmff,
  'image/heif': isoBmff,
  'image/svg+xml': isSvg,
  'application/pdf': pdf,
  'audio/mpeg': (b) => mp3(b) || aac(b),
  'audio/aac': aac,
  'audio/wav': riff('WAVE'),
  'audio/ogg': ogg,
  'audio/flac': flac,
  'audio/webm': ebml,
  'audio/mp4': isoBmff,
  'video/webm': ebml,
  'video/mp4': isoBmff,
  'video/quicktime': isoBmff,
  'video/ogg': ogg,
  'application/ogg': ogg,
};

const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/x-png': 'image/png',
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-flac': 'audio/flac',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
  'audio/aacp': 'audio/aac',
};

/** The media type without parameters, lower-cased and de-aliased. */
export function essence(mime: string): string {
  const base = baseMimeType(mime);
  return ALIASES[base] ?? base;
}

/**
 * Whether `data` can be of the declared type. Types with a signature must
 * match it; other image, audio and video types only must not be markup;
 * everything else (text/plain, application/octet-stream, …) is not sniffed.
 */
export function contentMatchesType(
  declared: string,
  data: Uint8Array,
): boolean {
  const type = essence(declared);
  const matcher = SIGNATURES[type];
  if (matcher && type.startsWith('image/') && type !== 'image/svg+xml')
    return matcher(data) && !carriesMarkup(data);
  if (matcher) return matcher(data);
  if (/^(image|audio|video)\//.test(type)) return !isMarkup(data);
  return true;
}
