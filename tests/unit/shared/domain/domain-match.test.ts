import { describe, expect, it } from 'vitest';
import {
  MAX_HOSTNAME_LENGTH,
  MAX_LABEL_LENGTH,
  urlScheme,
  isValidHostname,
  isValidWebsiteHost,
  normalizeDomain,
  normalizeHost,
  parseDomainList,
} from '@shared/domain/domain-match.ts';

describe('normalizeHost', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Example.COM', 'example.com'],
    ['https://example.com', 'example.com'],
    ['http://example.com/path?q=1#top', 'example.com'],
    ['HTTPS://WWW.Example.com:8443/a', 'example.com'],
    ['www.example.com', 'example.com'],
    ['  www.example.com  ', 'example.com'],
    ['example.com:3000', 'example.com'],
    ['https://user:pw@shop.example.com/x', 'shop.example.com'],
    ['https://shop.example.com', 'shop.example.com'],
    ['https://www.shop.example.com', 'shop.example.com'],
    ['https://app.www.example.com', 'app.www.example.com'],
    ['example.com.', 'example.com'],
    ['www.com', 'www.com'],
    ['https://münchen.de', 'xn--mnchen-3ya.de'],
    ['localhost:5173', 'localhost'],
    ['chrome://extensions', null],
    ['ftp://example.com', null],
    ['mailto:me@example.com', null],
    ['javascript:alert(1)', null],
    ['about:blank', null],
    ['http:example.com', 'example.com'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
    ['http://', null],
    ['exa mple.com', null],
  ])('%j → %j', (input, host) => {
    expect(normalizeHost(input)).toBe(host);
  });
});

describe('urlScheme', () => {
  it.each([
    ['https://example.com', 'https'],
    ['HTTP://example.com', 'http'],
    ['chrome://newtab', 'chrome'],
    ['mailto:a@b.io', 'mailto'],
    ['example.com', null],
    ['example.com:8080', null],
    ['localhost:3000/x', null],
    ['', null],
  ])('%j → %j', (input, scheme) => {
    expect(urlScheme(input)).toBe(scheme);
  });
});

describe('isValidHostname', () => {
  const label63 = 'a'.repeat(63);
  const host253 = `${'a'.repeat(61)}.${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(63)}.com`;

  it('limits', () => {
    expect(MAX_HOSTNAME_LENGTH).toBe(253);
    expect(MAX_LABEL_LENGTH).toBe(63);
    expect(host253).toHaveLength(253);
  });

  it.each([
    ['example.com', true],
    ['shop.example.co.uk', true],
    ['my-site.io', true],
    ['a.io', true],
    ['xn--mnchen-3ya.de', true],
    ['example.xn--p1ai', true],
    [`${label63}.com`, true],
    [host253, true],
    [`${'a'.repeat(64)}.com`, false],
    [`a${host253}`, false],
    ['localhost', false],
    ['com', false],
    ['192.168.0.1', false],
    ['example.c', false],
    ['example.123', false],
    ['-example.com', false],
    ['example-.com', false],
    ['exa_mple.com', false],
    ['example..com', false],
    ['.example.com', false],
    ['Example.com', false],
    ['', false],
  ])('%j → %s', (host, expected) => {
    expect(isValidHostname(host)).toBe(expected);
  });
});

describe('normalizeDomain', () => {
  it.each([
    ['Example.com', 'example.com'],
    ['https://www.example.com/pricing', 'example.com'],
    ['localhost', null],
    ['not a domain', null],
    ['', null],
  ])('%j → %j', (input, domain) => {
    expect(normalizeDomain(input)).toBe(domain);
  });
});

describe('parseDomainList', () => {
  it.each([
    ['example.com', ['example.com']],
    ['example.com,example.org', ['example.com', 'example.org']],
    [' Example.com , www.example.org ', ['example.com', 'example.org']],
    ['example.com,,example.org,', ['example.com', 'example.org']],
    ['example.com, www.example.com, EXAMPLE.com', ['example.com']],
    ['example.com example.org', ['example.com', 'example.org']],
    ['example.com,localhost,bad_domain.com', ['example.com']],
    [
      ['example.com', 'https://shop.io/'],
      ['example.com', 'shop.io'],
    ],
    [
      ['a.com, b.com', 'a.com'],
      ['a.com', 'b.com'],
    ],
    ['', []],
    [[], []],
    [null, []],
    [undefined, []],
  ])('%j → %j', (input, domains) => {
    expect(parseDomainList(input)).toEqual(domains);
  });
});

describe('isValidWebsiteHost', () => {
  it.each([
    ['example.com', false, true],
    ['localhost', false, true],
    ['192.168.1.20', false, true],
    ['[::1]', false, true],
    ['intranet', true, true],
    ['intranet', false, false],
    ['under_score', true, false],
    ['1234', true, false],
    ['', true, false],
  ])('%j (explicit scheme %j) → %j', (host, explicit, valid) => {
    expect(isValidWebsiteHost(host, explicit)).toBe(valid);
  });
});
