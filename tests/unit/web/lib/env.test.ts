import { describe, expect, it, vi } from 'vitest';
import { EnvError, fetchEnv, parseEnv } from '@web/lib/env';

const good = {
  supabaseUrl: 'https://abc.supabase.co',
  supabaseAnonKey: 'anon-key',
  demoMode: false,
  extensionUrl: 'https://chromewebstore.google.com/detail/peega',
  linkedinEnabled: true,
  linkedinClientId: 'client-123',
  linkedinAuthorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
  supportEmail: 'help@example.com',
  billingEnabled: false,
};

describe('parseEnv', () => {
  it('accepts a config.json that follows the contract', () => {
    expect(parseEnv({ ...good, extra: 'ignored' })).toEqual(good);
  });

  it('reads a backend without LinkedIn fields as not configured', () => {
    const { linkedinClientId, linkedinAuthorizeUrl, ...older } = good;
    expect(linkedinClientId && linkedinAuthorizeUrl).toBeTruthy();
    expect(parseEnv({ ...older, linkedinEnabled: false })).toMatchObject({
      linkedinClientId: null,
      linkedinAuthorizeUrl: null,
    });
  });

  it("reads a backend without a support address as none (the brand's is shown)", () => {
    const { supportEmail, ...older } = good;
    expect(supportEmail).toBeTruthy();
    expect(parseEnv(older).supportEmail).toBeNull();
  });

  it('reads a backend without the billing flag as billing off (#35)', () => {
    const { billingEnabled, ...older } = good;
    expect(billingEnabled).toBe(false);
    expect(parseEnv({ ...older }).billingEnabled).toBe(false);
    expect(parseEnv({ ...good, billingEnabled: true }).billingEnabled).toBe(
      true,
    );
    expect(() => parseEnv({ ...good, billingEnabled: 'yes' })).toThrow(
      EnvError,
    );
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:54321'])(
    'accepts a local backend at %s',
    (supabaseUrl) => {
      expect(parseEnv({ ...good, supabaseUrl }).supabaseUrl).toBe(supabaseUrl);
    },
  );

  it.each([
    ['not an object', 'hello', 'must be a JSON object'],
    ['null', null, 'must be a JSON object'],
    [
      'a missing anon key',
      { ...good, supabaseAnonKey: undefined },
      'supabaseAnonKey: is missing',
    ],
    [
      'a blank anon key',
      { ...good, supabaseAnonKey: '  ' },
      'supabaseAnonKey: must be a non-empty string',
    ],
    [
      'a URL that is not one',
      { ...good, supabaseUrl: 'localhost' },
      'supabaseUrl: must be an http(s) URL',
    ],
    [
      'a non-http extension URL',
      { ...good, extensionUrl: 'javascript:alert(1)' },
      'extensionUrl: must be an http(s) URL',
    ],
    [
      'a flag given as a string',
      { ...good, demoMode: 'true' },
      'demoMode: must be true or false',
    ],
    [
      'a LinkedIn authorize URL that is not http(s)',
      { ...good, linkedinAuthorizeUrl: 'javascript:alert(1)' },
      'linkedinAuthorizeUrl: must be an http(s) URL',
    ],
    [
      'a blank LinkedIn client id',
      { ...good, linkedinClientId: ' ' },
      'linkedinClientId: must be a non-empty string',
    ],
    [
      'a missing flag',
      { ...good, linkedinEnabled: undefined },
      'linkedinEnabled: is missing',
    ],
  ])('rejects %s', (_case, input, message) => {
    expect(() => parseEnv(input)).toThrow(EnvError);
    expect(() => parseEnv(input)).toThrow(message);
  });
});

describe('fetchEnv', () => {
  it('asks for JSON at /config.json', async () => {
    const fetchMock = vi.fn(async () => Response.json(good));

    await expect(fetchEnv(fetchMock)).resolves.toEqual(good);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', {
      headers: { accept: 'application/json' },
      cache: 'no-store',
    });
  });

  it.each([
    [
      'an HTTP error',
      async () => new Response('', { status: 502 }),
      'The server answered /config.json with HTTP 502.',
    ],
    [
      'an HTML fallback page',
      async () => new Response('<!doctype html>', { status: 200 }),
      "The server's /config.json is not JSON.",
    ],
    [
      'a network failure',
      async () => {
        throw new TypeError('Failed to fetch');
      },
      'The server did not answer /config.json.',
    ],
  ])('rejects %s with a readable EnvError', async (_case, answer, message) => {
    const result = fetchEnv(vi.fn(answer));

    await expect(result).rejects.toThrow(EnvError);
    await expect(result).rejects.toThrow(message);
  });

  it('takes up the request index.html started, once', async () => {
    window.__peegaConfig = Promise.resolve(Response.json(good));
    const fetchMock = vi.fn(async () => Response.json(good));
    await expect(fetchEnv(fetchMock)).resolves.toEqual(good);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__peegaConfig).toBeUndefined();
    await expect(fetchEnv(fetchMock)).resolves.toEqual(good);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early request failed', async () => {
    window.__peegaConfig = Promise.resolve(undefined);
    const fetchMock = vi.fn(async () => Response.json(good));
    await expect(fetchEnv(fetchMock)).resolves.toEqual(good);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
