/**
 * What a file's first bytes say it is (DECISIONS "Uploads": the declared type
 * must match the bytes). The form checks this before uploading, so a text
 * file renamed `.png` or `.wav` gets 'Invalid file type' rather than a
 * server refusal shown as 'Upload failed'. The server checks again.
 */

/** How many leading bytes the checks read. */
export const MEDIA_SNIFF_BYTES = 16;

const ascii = (b: Uint8Array, at: number, text: string) =>
  b.length >= at + text.length &&
  [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

const starts = (b: Uint8Array, sig: readonly number[]) =>
  b.length >= sig.length && sig.every((v, i) => b[i] === v);

const IMAGE: readonly ((b: Uint8Array) => boolean)[] = [
  (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), // PNG
  (b) => starts(b, [0xff, 0xd8, 0xff]), // JPEG
  (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'),
  (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP'),
];

const AUDIO: readonly ((b: Uint8Array) => boolean)[] = [
  (b) => starts(b, [0x1a, 0x45, 0xdf, 0xa3]), // WebM / Matroska (EBML)
  (b) => ascii(b, 0, 'OggS'),
  (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE'),
  (b) => ascii(b, 4, 'ftyp'), // MP4 / M4A
  (b) => ascii(b, 0, 'ID3'), // MP3 with a tag
  (b) => b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0, // MPEG / AAC frame
  (b) => ascii(b, 0, 'fLaC'),
];

/** True when the leading bytes are those of an image the screenshots take. */
export function looksLikeImage(head: Uint8Array): boolean {
  return IMAGE.some((m) => m(head));
}

/** True when the leading bytes are those of an audio file. */
export function looksLikeAudio(head: Uint8Array): boolean {
  return AUDIO.some((m) => m(head));
}
