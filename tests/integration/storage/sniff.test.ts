import { describe, expect, it } from 'vitest';
import { contentMatchesType } from '../../../supabase/local/storage/sniff.ts';

const b = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(
    parts.map((p) =>
      typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p),
    ),
  );

const PNG = b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest');
const JPEG = b([0xff, 0xd8, 0xff, 0xe0], 'JFIF');
const HTML = b('  <!DOCTYPE html><html><script>alert(1)</script>');
const ftyp = (brand: string) => b([0, 0, 0, 0x20], 'ftyp', brand);

// The declared type against real file starts (DECISIONS "Uploads").
describe('contentMatchesType', () => {
  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/jpg', JPEG],
    ['image/gif', b('GIF89a', [1, 0])],
    ['image/webp', b('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['image/avif', ftyp('avif')],
    ['image/heic', ftyp('heic')],
    ['image/svg+xml', b('<?xml version="1.0"?>\n<!-- x --><svg xmlns="">')],
    ['application/pdf', b('%PDF-1.7\n')],
    ['audio/mpeg', b('ID3', [4, 0])],
    ['audio/mpeg', b([0xff, 0xfb, 0x90, 0x64])],
    ['audio/wav', b('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['audio/ogg', b('OggS', [0])],
    ['audio/webm;codecs=opus', b([0x1a, 0x45, 0xdf, 0xa3], 'webm')],
    ['video/webm', b([0x1a, 0x45, 0xdf, 0xa3])],
    ['audio/mp4', ftyp('M4A ')],
    ['audio/x-m4a', ftyp('M4A ')],
    ['video/mp4', ftyp('isom')],
  ])('accepts %s with its signature', (type, data) => {
    expect(contentMatchesType(type, data)).toBe(true);
  });

  it.each([
    ['image/png', HTML],
    ['image/png', JPEG],
    ['image/jpeg', PNG],
    ['image/svg+xml', HTML],
    ['application/pdf', PNG],
    ['audio/webm', b('OggS')],
    ['audio/mpeg', HTML],
    ['image/png', b('')],
    ['image/bmp', HTML],
    ['video/x-matroska', b('hello <script>alert(1)</script>')],
  ])('refuses %s with other bytes', (type, data) => {
    expect(contentMatchesType(type, data)).toBe(false);
  });

  // Red-team finding L11: an image that is also a page.
  it.each([
    ['image/png', b(PNG, '<html><script>alert(1)</script>')],
    ['image/jpeg', b(JPEG, [0, 0], '<svg onload=alert(1)>')],
    ['image/gif', b('GIF89a', [1, 0], '<iframe src=x>')],
    ['image/webp', b('RIFF', [0, 0, 0, 0], 'WEBPVP8 <body onload=x>')],
  ])('refuses a %s that carries markup', (type, data) => {
    expect(contentMatchesType(type, data)).toBe(false);
  });

  it('accepts a PNG with XMP metadata', () => {
    const xmp =
      '<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>';
    expect(contentMatchesType('image/png', b(PNG, xmp))).toBe(true);
  });

  it.each([
    ['text/plain', HTML],
    ['text/plain;charset=UTF-8', PNG],
    ['application/octet-stream', HTML],
    ['application/json', PNG],
    ['image/bmp', b('BM', [0, 0])],
  ])('does not sniff %s', (type, data) => {
    expect(contentMatchesType(type, data)).toBe(true);
  });
});
