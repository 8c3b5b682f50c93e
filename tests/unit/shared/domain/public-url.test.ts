import { describe, expect, it } from 'vitest';
import { publicUrlFromEnv } from '@shared/domain/public-url.ts';

describe('publicUrlFromEnv (server start and extension build alike)', () => {
  it.each([
    [{}, 'http://localhost:3000'],
    [{ PORT: '4200' }, 'http://localhost:4200'],
    [{ PORT: ' ' }, 'http://localhost:3000'],
    [
      { PORT: '4200', PEEGA_PUBLIC_URL: 'https://peega.example/' },
      'https://peega.example',
    ],
    [{ PORT: '4200', PEEGA_PUBLIC_URL: '' }, 'http://localhost:4200'],
  ])('%j → %s', (env, url) => {
    expect(publicUrlFromEnv(env)).toBe(url);
  });
});
