import { describe, expect, it } from 'vitest';
import {
  looksLikeAudio,
  looksLikeImage,
} from '@shared/domain/validation/media-bytes.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((p) =>
      typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p,
    ),
  );

describe('media bytes (issue #19 item 8)', () => {
  it('knows the image formats the screenshots take', () => {
    expect(looksLikeImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      true,
    );
    expect(looksLikeImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(looksLikeImage(bytes('GIF89a'))).toBe(true);
    expect(looksLikeImage(bytes('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe(true);
  });

  it('knows recordings from Chrome, Firefox and Safari and common files', () => {
    expect(looksLikeAudio(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBe(true);
    expect(looksLikeAudio(bytes('OggS'))).toBe(true);
    expect(looksLikeAudio(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe(true);
    expect(looksLikeAudio(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBe(true);
    expect(looksLikeAudio(bytes('ID3'))).toBe(true);
  });

  it('refuses text renamed as an image or a sound', () => {
    expect(looksLikeImage(bytes('definitely not a png'))).toBe(false);
    expect(looksLikeAudio(bytes('definitely not a wav'))).toBe(false);
    expect(looksLikeImage(bytes('<svg onload=alert(1)>'))).toBe(false);
    expect(looksLikeAudio(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      false,
    );
    expect(looksLikeImage(new Uint8Array())).toBe(false);
  });
});
