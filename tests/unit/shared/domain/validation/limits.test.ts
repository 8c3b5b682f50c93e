import { describe, expect, it } from 'vitest';
import * as l from '@shared/domain/validation/limits.ts';

describe('limits', () => {
  it.each([
    ['PASSWORD_MIN_LENGTH', l.PASSWORD_MIN_LENGTH, 8],
    ['PASSWORD_MAX_LENGTH', l.PASSWORD_MAX_LENGTH, 72],
    ['BYTES_PER_MB', l.BYTES_PER_MB, 1_048_576],
    ['SCREENSHOT_MAX_MB', l.SCREENSHOT_MAX_MB, 5],
    ['AUDIO_MAX_MB', l.AUDIO_MAX_MB, 10],
    ['BLOG_IMAGE_MAX_MB', l.BLOG_IMAGE_MAX_MB, 5],
    ['SCREENSHOT_MAX_BYTES', l.SCREENSHOT_MAX_BYTES, 5_242_880],
    ['AUDIO_MAX_BYTES', l.AUDIO_MAX_BYTES, 10_485_760],
    ['BLOG_IMAGE_MAX_BYTES', l.BLOG_IMAGE_MAX_BYTES, 5_242_880],
  ])('%s = %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('the server has the forms’ password minimum', () => {
  it('supabase/config.toml gives hosted GoTrue (and the emulator) PASSWORD_MIN_LENGTH', async () => {
    const { readFileSync } = await import('node:fs');
    const { parse } = await import('smol-toml');
    const toml = parse(
      readFileSync(
        new URL('../../../../../supabase/config.toml', import.meta.url),
        'utf8',
      ),
    ) as { auth?: { minimum_password_length?: number } };
    expect(toml.auth?.minimum_password_length).toBe(l.PASSWORD_MIN_LENGTH);
  });
});
