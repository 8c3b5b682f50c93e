import { describe, expect, it } from 'vitest';
import { requestAddress } from '../../../../shared/domain/request-address.ts';

const from = (headers: Record<string, string>) =>
  requestAddress((name) => new Headers(headers).get(name));

describe('requestAddress', () => {
  it('takes CF-Connecting-IP, which hosted Supabase’s edge sets itself', () => {
    expect(
      from({
        'cf-connecting-ip': '198.51.100.10',
        'x-forwarded-for': '6.6.6.6, 198.51.100.9',
      }),
    ).toBe('198.51.100.10');
  });

  it('else the rightmost X-Forwarded-For entry, never the client’s leftmost', () => {
    expect(from({ 'x-forwarded-for': '6.6.6.6, 198.51.100.9' })).toBe(
      '198.51.100.9',
    );
    expect(from({ 'x-forwarded-for': '198.51.100.9' })).toBe('198.51.100.9');
  });

  it('reads ::ffff:1.2.3.4 as 1.2.3.4 and lower-cases IPv6', () => {
    expect(from({ 'x-forwarded-for': '::ffff:198.51.100.9' })).toBe(
      '198.51.100.9',
    );
    expect(from({ 'cf-connecting-ip': '2001:DB8::1' })).toBe('2001:db8::1');
  });

  it('is null without either header', () => {
    expect(from({})).toBeNull();
    expect(from({ 'cf-connecting-ip': ' ', 'x-forwarded-for': '' })).toBeNull();
  });
});
