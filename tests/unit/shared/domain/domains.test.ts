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
      { value: 'acme.io', subs: [] },
      { value: 'example.com', subs: ['app.example.com', 'blog.example.com'] },
    ]);
  });

  it('puts a host under its nearest verified domain', () => {
    expect(
      domainFilterOptions(
        ['example.com', 'eu.example.com'],
        ['shop.eu.example.com', 'www.example.com'],
      ),
    ).toEqual([
      { value: 'eu.example.com', subs: ['shop.eu.example.com'] },
      { value: 'example.com', subs: ['www.example.com'] },
    ]);
  });

  it('keeps a value from the URL that is not offered', () => {
    expect(
      domainFilterOptions(['example.com'], [], 'docs.example.com'),
    ).toEqual([
      { value: 'example.com', subs: [] },
      { value: 'docs.example.com', subs: [] },
    ]);
    expect(
      domainFilterOptions(
        ['example.com'],
        ['app.example.com'],
        'app.example.com',
      ),
    ).toHaveLength(1);
  });
});
