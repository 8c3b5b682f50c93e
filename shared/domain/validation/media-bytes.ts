/**
 * What a file's first bytes say it is (DECISIONS "Uploads": the declared type
 * must match the bytes). One set of signatures: the form checks them before
 * uploading, so a text file renamed `.png` or `.wav` gets 'Invalid file type'
 * rather than a server refusal shown as 'Upload failed', and the embedded
 * storage's sniffer (supabase/local/storage/sniff.ts) checks them again.
 */

/** A test of a file's leading bytes. */
export type ByteSignature = (b: Uint8Array) => boolean;

/** How many leading bytes the form's checks read. */
export const MEDIA_SNIFF_BYTES = 16;

/** True when `text` (ASCII) stands at byte `at`. */
export const asciiAt = (b: Uint8Array, at: number, text: string) =>
  b.length >= at + text.length &&
  [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

const startsWith = (b: Uint8Array, sig: readonly number[]) =>
  b.length >= sig.length && sig.every((v, i) => b[i] === v);

export const png: ByteSignature = (b) =>
  startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const jpeg: ByteSignature = (b) => startsWith(b, [0xff, 0xd8, 0xff]);
export const gif: ByteSignature = (b) =>
  asciiAt(b, 0, 'GIF87a') || asciiAt(b, 0, 'GIF89a');
/** A RIFF container of the given form (`WEBP`, `WAVE`). */
export const riff =
  (form: string): ByteSignature =>
  (b) =>
    asciiAt(b, 0, 'RIFF') && asciiAt(b, 8, form);
/**
 * ISO base media (mp4, m4a, mov, avif, heic): a `ftyp` box first. Loose on
 * purpose: brands vary by encoder.
 */
export const isoBmff: ByteSignature = (b) => asciiAt(b, 4, 'ftyp');
/** MP3 with an ID3 tag, or an MPEG audio frame (AAC's ADTS included). */
export const mp3: ByteSignature = (b) =>
  asciiAt(b, 0, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0);
/** An AAC ADTS frame. */
export const aac: ByteSignature = (b) =>
  b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0;
export const ogg: ByteSignature = (b) => asciiAt(b, 0, 'OggS');
export const flac: ByteSignature = (b) => asciiAt(b, 0, 'fLaC');
/** WebM / Matroska (EBML). */
export const ebml: ByteSignature = (b) =>
  startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]);

const IMAGE: readonly ByteSignature[] = [png, jpeg, gif, riff('WEBP')];
const AUDIO: readonly ByteSignature[] = [
  ebml,
  ogg,
  riff('WAVE'),
  isoBmff,
  mp3,
  flac,
];

/** True when the leading bytes are those of an image the screenshots take. */
export function looksLikeImage(head: Uint8Array): boolean {
  return IMAGE.some((m) => m(head));
}

/** True when the leading bytes are those of an audio file. */
export function looksLikeAudio(head: Uint8Array): boolean {
  return AUDIO.some((m) => m(head));
}
