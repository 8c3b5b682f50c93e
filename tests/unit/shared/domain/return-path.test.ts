import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInHref } from '@shared/domain/return-path.ts';

describe('return path after sign-in (issue #19 item 7)', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeReturnPath('/referrals')).toBe('/referrals');
    expect(safeReturnPath('/blog-admin')).toBe('/blog-admin');
    expect(safeReturnPath('/app/community?tab=top#x')).toBe(
      '/app/community?tab=top#x',
    );
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '/\tevil',
      'https://evil.example/app',
      'javascript:alert(1)',
      'app',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it('builds the sign-in address', () => {
    expect(signInHref('/referrals')).toBe(
      '/auth?mode=signin&next=%2Freferrals',
    );
    expect(signInHref('//evil.example')).toBe('/auth?mode=signin');
    expect(signInHref('/blog-admin', 'signup')).toBe(
      '/auth?next=%2Fblog-admin',
    );
  });
});
