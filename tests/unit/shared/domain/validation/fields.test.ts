import { describe, expect, it } from 'vitest';
import {
  domainListSchema,
  domainSchema,
  emailSchema,
  existingPasswordSchema,
  newPasswordSchema,
  normalizeWebsiteUrl,
  optionalWebsiteUrlSchema,
} from '@shared/domain/validation/fields.ts';
import { issuesOf } from './issues.ts';

const REQUIRED = 'Please enter your email address.';
const INVALID = 'Please enter a valid email address.';
const SHORT = 'Password must be at least 8 characters long.';
const LONG = 'Password must be at most 72 characters long.';
/** 80 characters without a repeated pattern. */
const VARIED = Array.from({ length: 80 }, (_, i) =>
  String.fromCharCode(33 + ((i * 7) % 94)),
).join('');
const DOMAIN = 'Please enter a valid domain, like example.com.';
const URL_INVALID = 'Please enter a valid website URL.';

describe('emailSchema', () => {
  it.each([
    ['ana@example.com', 'ana@example.com'],
    ['  Ana@Example.COM ', 'ana@example.com'],
    ['first.last+tag@sub.example.co.uk', 'first.last+tag@sub.example.co.uk'],
  ])('%j → %j', (input, output) => {
    expect(emailSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', REQUIRED],
    ['   ', REQUIRED],
    [undefined, REQUIRED],
    ['ana', INVALID],
    ['ana@', INVALID],
    ['ana@example', INVALID],
    ['ana @example.com', INVALID],
  ])('%j → %j', (input, message) => {
    expect(issuesOf(emailSchema, input)).toEqual([['', message]]);
  });
});

describe('newPasswordSchema', () => {
  it.each([
    ['', [['', SHORT]]],
    ['1234567', [['', SHORT]]],
    ['12345678', []],
    [' spaced ', []], // 8 characters, kept as typed
    // Not one letter repeated: that is now a weak password (M1).
    [VARIED.slice(0, 72), []],
    [VARIED.slice(0, 73), [['', LONG]]],
    [undefined, [['', SHORT]]],
  ])('%j → %j', (input, expected) => {
    expect(issuesOf(newPasswordSchema, input)).toEqual(expected);
  });

  it('keeps spaces', () => {
    expect(newPasswordSchema.parse(' spaced ')).toBe(' spaced ');
  });
});

describe('existingPasswordSchema', () => {
  it.each([
    ['', [['', 'Please enter your password.']]],
    ['x', []],
    ['short', []],
  ])('%j → %j', (input, expected) => {
    expect(issuesOf(existingPasswordSchema, input)).toEqual(expected);
  });
});

describe('website URL', () => {
  it.each([
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
    ['https://example.com', 'https://example.com'],
    ['http://example.com/a?b=c', 'http://example.com/a?b=c'],
    ['example.com', 'https://example.com'],
    ['  www.example.com/pricing ', 'https://www.example.com/pricing'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['https://example.com.', 'https://example.com.'],
    ['ftp://example.com', undefined],
    ['javascript:alert(1)', undefined],
    ['not a url', undefined],
    // Pages a developer tests: localhost, IP addresses, intranet names.
    ['https://localhost:3000', 'https://localhost:3000'],
    ['http://localhost:5173/x', 'http://localhost:5173/x'],
    ['localhost:5173/x', 'https://localhost:5173/x'],
    ['http://192.168.1.20/', 'http://192.168.1.20/'],
    ['http://intranet/', 'http://intranet/'],
    ['http://[::1]:8080/', 'http://[::1]:8080/'],
    // A bare word without a scheme is still a typo, not an intranet host.
    ['intranet', undefined],
    ['http://under_score/', undefined],
    ['https://', undefined],
  ])('normalizeWebsiteUrl(%j) → %j', (input, output) => {
    expect(normalizeWebsiteUrl(input)).toBe(output);
  });

  it.each([
    ['example.com', 'https://example.com'],
    ['', null],
    [null, null],
  ])('schema parses %j → %j', (input, output) => {
    expect(optionalWebsiteUrlSchema.parse(input)).toBe(output);
  });

  it.each([['not a url'], ['ftp://example.com']])(
    'schema refuses %j',
    (input) => {
      expect(issuesOf(optionalWebsiteUrlSchema, input)).toEqual([
        ['', URL_INVALID],
      ]);
    },
  );
});

describe('domainSchema', () => {
  it.each([
    ['example.com', 'example.com'],
    ['https://www.Example.com/x', 'example.com'],
    [' shop.example.io ', 'shop.example.io'],
  ])('%j → %j', (input, output) => {
    expect(domainSchema.parse(input)).toBe(output);
  });

  it.each([
    [''],
    ['localhost'],
    ['exa mple.com'],
    ['bad_domain.com'],
    ['1.2.3.4'],
  ])('%j → invalid', (input) => {
    expect(issuesOf(domainSchema, input)).toEqual([['', DOMAIN]]);
  });
});

describe('domainListSchema', () => {
  it.each([
    [undefined, []],
    [null, []],
    ['', []],
    [' , ,', []],
    ['example.com', ['example.com']],
    [
      'Example.com, www.example.com,,example.org',
      ['example.com', 'example.org'],
    ],
    [
      ['example.com', ' EXAMPLE.COM ', 'https://shop.io/'],
      ['example.com', 'shop.io'],
    ],
    [['', 'example.com', ''], ['example.com']],
  ])('%j → %j', (input, output) => {
    expect(domainListSchema.parse(input)).toEqual(output);
  });

  it.each([
    ['example.com, localhost', [['', DOMAIN]]],
    [
      ['bad_domain.com', 'also bad!'],
      [
        ['', DOMAIN],
        ['', DOMAIN],
        ['', DOMAIN],
      ],
    ],
  ])('%j → %j', (input, expected) => {
    expect(issuesOf(domainListSchema, input)).toEqual(expected);
  });
});
