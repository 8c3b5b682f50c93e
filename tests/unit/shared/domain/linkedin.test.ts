import { describe, expect, it } from 'vitest';
import {
  LINKEDIN_STATE_MAX_AGE_MS,
  buildLinkedinAuthorizeUrl,
  decodeLinkedinState,
  encodeLinkedinState,
  idTokenProblem,
  isLinkedinStateFresh,
  readIdTokenClaims,
} from '@shared/domain/linkedin';

const STATE = {
  user_id: '6f1b6e0e-3d1c-4c7a-9a43-2b1f5f0a9e11',
  return_url: 'https://peega.app/profile/settings',
  timestamp: 1_700_000_000_000,
  nonce: 'abcdef0123456789abcdef01',
};

const b64 = (value: unknown) =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

describe('LinkedIn state', () => {
  it('round-trips through base64url', () => {
    const encoded = encodeLinkedinState(STATE);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeLinkedinState(encoded)).toEqual(STATE);
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['without nonce', b64({ ...STATE, nonce: undefined })],
    ['with a short nonce', b64({ ...STATE, nonce: 'abc' })],
    ['with a user id that is no uuid', b64({ ...STATE, user_id: 'me' })],
    ['an array', b64([STATE])],
  ])('refuses a state that is %s', (_case, raw) => {
    expect(decodeLinkedinState(raw)).toBeNull();
  });

  it.each([
    [0, true],
    [LINKEDIN_STATE_MAX_AGE_MS, true],
    [LINKEDIN_STATE_MAX_AGE_MS + 1, false],
    [-61_000, false],
  ])('is fresh %i ms later: %s', (age, fresh) => {
    expect(isLinkedinStateFresh(STATE, STATE.timestamp + age)).toBe(fresh);
  });
});

describe('buildLinkedinAuthorizeUrl', () => {
  it('asks for a code with the scopes, state, nonce and consent', () => {
    const url = new URL(
      buildLinkedinAuthorizeUrl({
        authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
        clientId: 'client-1',
        redirectUri: 'https://peega.app/auth/linkedin/callback',
        state: 'STATE',
        nonce: 'NONCE',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: 'https://peega.app/auth/linkedin/callback',
      scope: 'openid profile email',
      state: 'STATE',
      nonce: 'NONCE',
      prompt: 'consent',
    });
  });
});

describe('id token checks', () => {
  const now = 1_700_000_000_000;
  const claims = {
    iss: 'https://www.linkedin.com/oauth',
    aud: 'client-1',
    sub: 'member-1',
    nonce: STATE.nonce,
    exp: now / 1000 + 60,
  };
  const expected = {
    nonce: STATE.nonce,
    clientId: 'client-1',
    issuer: 'https://www.linkedin.com/oauth',
  };

  it('reads the payload of a JWT', () => {
    expect(readIdTokenClaims(`e30.${b64(claims)}.sig`)).toEqual(claims);
    expect(readIdTokenClaims('not-a-jwt')).toBeNull();
  });

  it.each([
    ['valid', {}, null],
    ['another nonce', { nonce: 'other-nonce-000000' }, 'nonce'],
    ['another audience', { aud: ['x'] }, 'aud'],
    ['expired', { exp: now / 1000 - 1 }, 'exp'],
    ['another issuer', { iss: 'https://evil.example' }, 'iss'],
    ['no subject', { sub: '' }, 'sub'],
  ])('%s → %s', (_case, change, problem) => {
    expect(idTokenProblem({ ...claims, ...change }, expected, now)).toBe(
      problem,
    );
  });
});
