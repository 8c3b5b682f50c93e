import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MASK, maskSecrets, maskUrl } from '@shared/domain/mask-secrets.ts';

const SEED = { seed: 26026, numRuns: 300 };

const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

describe('maskSecrets', () => {
  it.each([
    [
      'a JWT',
      `auth failed for ${JWT} today`,
      `auth failed for ${MASK.jwt} today`,
    ],
    [
      'an e-mail address',
      'no user jane.doe+shop@mail.example.co.uk found',
      `no user ${MASK.email} found`,
    ],
    [
      'a bearer token',
      'Authorization: Bearer abc.DEF-123_x',
      `Authorization: Bearer ${MASK.secret}`,
    ],
    [
      'token= in a message',
      'GET /cb?token=s3cr3t&page=2',
      `GET /cb?token=${MASK.secret}&page=2`,
    ],
    [
      'api_key= and key=',
      'api_key=AbC123 key=zzz',
      `api_key=${MASK.secret} key=${MASK.secret}`,
    ],
    [
      'access_token= and client_secret=',
      'access_token=a1&client_secret=b2',
      `access_token=${MASK.secret}&client_secret=${MASK.secret}`,
    ],
    ['password= (any case)', 'PASSWORD=hunter2;', `PASSWORD=${MASK.secret};`],
    [
      'a JSON password',
      '{"password":"hunter2","user":"x"}',
      `{"password":"${MASK.secret}","user":"x"}`,
    ],
    ['an apiKey field', "apiKey: 'k-123'", `apiKey: '${MASK.secret}'`],
    [
      'a long hex string',
      'sha 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      `sha ${MASK.hex}`,
    ],
    [
      'a UUID',
      'order 3f2504e0-4f89-11d3-9a0c-0305e82c3301 missing',
      `order ${MASK.id} missing`,
    ],
    [
      'a card number',
      'card 4111 1111 1111 1111 declined',
      `card ${MASK.number} declined`,
    ],
    ['a phone number', 'call +44 20 7946 0958 now', `call ${MASK.number} now`],
    ['a base64 secret', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', `${MASK.secret}`],
    [
      'a standard base64 blob',
      'data QWxhZGRpbjpvcGVuIHNlc2FtZQ1234abcdEFGH+/xyz==',
      `data ${MASK.secret}`,
    ],
  ])('masks %s', (_name, input, expected) => {
    expect(maskSecrets(input)).toBe(expected);
  });

  it.each([
    [
      'an ordinary error',
      "TypeError: Cannot read properties of undefined (reading 'price')",
    ],
    ['an HTTP status phrase', 'Request failed with status code: 500'],
    [
      'a slug of words',
      '/blog/how-to-write-a-great-bug-report-in-2026-for-everyone',
    ],
    [
      'a path of words',
      '/api/v2/products/category/electronics/headphones/wireless',
    ],
    ['a short number', 'retry 3 of 5 after 1500 ms'],
    ['a date', 'at 2026-11-25 21:43:19'],
    ['monkey=banana (not key=)', 'monkey=banana'],
  ])('keeps %s', (_name, input) => {
    expect(maskSecrets(input)).toBe(input);
  });

  it('is idempotent: masked text masks to itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const once = maskSecrets(s);
        expect(maskSecrets(once)).toBe(once);
      }),
      SEED,
    );
  });

  it('never lets an e-mail address through, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.emailAddress(),
        fc.string(),
        (a, email, b) => {
          // Nothing of the address stays with its @ (local parts may hold
          // a / or =, which then stay in front of the mask).
          const masked = maskSecrets(`${a} ${email} ${b}`);
          expect(masked).not.toContain(email);
          expect(masked).not.toContain(email.slice(email.lastIndexOf('@')));
        },
      ),
      SEED,
    );
  });

  it('never lets a secret parameter value through', () => {
    const name = fc.constantFrom(
      'token',
      'access_token',
      'api_key',
      'apikey',
      'key',
      'secret',
      'password',
      'sig',
      'code',
      'session_id',
    );
    const value = fc.stringMatching(/^[A-Za-z0-9]{6,40}$/);
    fc.assert(
      fc.property(
        name,
        value,
        fc.constantFrom('?', '&', ' ', '/'),
        (n, v, sep) => {
          const masked = maskSecrets(`https://x.test/p${sep}${n}=${v}&q=1`);
          expect(masked).toContain(`${n}=${MASK.secret}`);
          expect(masked).not.toContain(`=${v}&`);
        },
      ),
      SEED,
    );
  });

  it('never lets a long hex string or a JWT through', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{24,64}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{4,40}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{4,40}$/),
        (hex, payload, sig) => {
          const jwt = `eyJ${payload}.${payload}.${sig}`;
          const masked = maskSecrets(`x ${hex} y ${jwt} z`);
          expect(masked).not.toContain(hex);
          expect(masked).not.toContain(jwt);
        },
      ),
      SEED,
    );
  });

  it('never lets a random 32+ character key through', () => {
    fc.assert(
      fc.property(
        fc
          .stringMatching(/^[A-Za-z0-9]{32,64}$/)
          .filter((s) => /\d/.test(s) && /[A-Za-z]/.test(s)),
        (key) => {
          expect(maskSecrets(`key ${key} used`)).not.toContain(key);
        },
      ),
      SEED,
    );
  });

  it('leaves text without digits, @ or = alone', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z .,;:!()'-]{0,200}$/), (s) => {
        expect(maskSecrets(s)).toBe(s);
      }),
      SEED,
    );
  });
});

describe('maskUrl', () => {
  it('stays linear on long runs a pattern could backtrack over', () => {
    const started = performance.now();
    for (const run of [
      'a'.repeat(50_000),
      '1 '.repeat(25_000),
      `${'a.'.repeat(25_000)}@`,
    ]) {
      maskSecrets(run);
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('drops the query string, the fragment and any credentials', () => {
    expect(maskUrl('https://bob:pw@api.shop.test/v1/cart?token=x#top')).toBe(
      'https://api.shop.test/v1/cart',
    );
    expect(maskUrl('/relative/path?x=1')).toBe('/relative/path');
  });

  it('masks secrets in the path', () => {
    expect(
      maskUrl(
        'https://shop.test/reset/9f86d081884c7d659a2feaa0c55ad015/confirm',
      ),
    ).toBe(`https://shop.test/reset/${MASK.hex}/confirm`);
    expect(maskUrl('https://shop.test/u/jane@mail.test/orders')).toBe(
      `https://shop.test/u/${MASK.email}/orders`,
    );
  });

  it('never returns a ? or # for any URL', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        (url) => {
          expect(maskUrl(url)).not.toMatch(/[?#]/);
        },
      ),
      { ...SEED, numRuns: 100 },
    );
  }, 30_000); // generating web URLs is slow on a busy machine
});
