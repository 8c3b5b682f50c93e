import { describe, expect, it } from 'vitest';
import { domainFilterOptions } from '@shared/domain/domains';

describe('domainFilterOptions', () => {
  it('lists each verified domain with the subdomains feedback came from under it', () => {
    expect(
      domainFilterOptions(
        ['example.com', 'acme.io'],
        ['example.com', 'blog.example.com', 'app.example.com', 'acme.io'],
      ),
    ).toEqual([
      { value: 'acme.io', sub: false },
      { value: 'example.com', sub: false },
      { value: 'app.example.com', sub: true },
      { value: 'blog.example.com', sub: true },
    ]);
  });

  it('puts a host under its nearest verified domain', () => {
    expect(
      domainFilterOptions(
        ['example.com', 'eu.example.com'],
        ['shop.eu.example.com', 'www.example.com'],
      ).map((o) => o.value),
    ).toEqual([
      'eu.example.com',
      'shop.eu.example.com',
      'example.com',
      'www.example.com',
    ]);
  });

  it('keeps a value from the URL that is not offered', () => {
    expect(
      domainFilterOptions(['example.com'], [], 'docs.example.com'),
    ).toEqual([
      { value: 'example.com', sub: false },
      { value: 'docs.example.com', sub: true },
    ]);
  });
});
