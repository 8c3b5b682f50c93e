import { describe, expect, it } from 'vitest';
import {
  BRAND_SLUG,
  COMPANY_BRAND,
  CONSUMER_BRAND,
  brandFor,
} from '@shared/domain/brand.ts';

describe('brand', () => {
  it.each([
    ['CONSUMER_BRAND', CONSUMER_BRAND, 'Peega'],
    ['COMPANY_BRAND', COMPANY_BRAND, 'Peega for Business'],
    ['BRAND_SLUG', BRAND_SLUG, 'peega'],
  ])('%s is %j', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['consumer', 'Peega'],
    ['company', 'Peega for Business'],
  ] as const)('brandFor(%s) → %s', (audience, expected) => {
    expect(brandFor(audience)).toBe(expected);
  });
});
