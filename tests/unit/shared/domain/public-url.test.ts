import { describe, expect, it } from 'vitest';
import {
  extensionBackendFile,
  extensionBuildCommand,
  publicUrlFromEnv,
} from '@shared/domain/public-url.ts';

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

describe('extensionBuildCommand', () => {
  it('is the bare script for the default address, else names the address', () => {
    expect(extensionBuildCommand('build:ext', 'http://localhost:3000')).toBe(
      'npm run build:ext',
    );
    expect(
      extensionBuildCommand('build:ext:firefox', 'http://localhost:4200'),
    ).toBe('PEEGA_PUBLIC_URL=http://localhost:4200 npm run build:ext:firefox');
  });
  it('records each browser in its own file', () => {
    expect(extensionBackendFile('chrome')).not.toBe(
      extensionBackendFile('firefox'),
    );
  });
});

describe('the embedded backend serves itself where the extension is built for', () => {
  it.each([
    {},
    { PORT: '4200' },
    { PORT: ' ' },
    { PORT: '4200', PEEGA_PUBLIC_URL: 'https://peega.example//' },
    { PORT: '4200', PEEGA_PUBLIC_URL: ' ' },
  ])('%j', async (env) => {
    const { publicUrlOf } =
      await import('../../../../supabase/local/config.ts');
    expect(publicUrlOf(env)).toBe(publicUrlFromEnv(env));
  });
});
