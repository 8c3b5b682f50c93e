import { describe, expect, it } from 'vitest';
import {
  canSubmitChangePassword,
  changePasswordSchema,
  companyDetailsSchema,
  companySignUpSchema,
} from '@shared/domain/validation/company.ts';
import { issuesOf } from './issues.ts';

const VALID = {
  email: 'owner@example.com',
  password: 'password1',
  confirmPassword: 'password1',
  companyName: ' Example Ltd ',
  websiteUrl: 'example.com',
  domains: 'Example.com, www.example.com, shop.example.org',
  acceptTerms: true,
};

describe('companySignUpSchema', () => {
  it('parses and normalises a valid form', () => {
    expect(companySignUpSchema.parse(VALID)).toEqual({
      email: 'owner@example.com',
      password: 'password1',
      confirmPassword: 'password1',
      companyName: 'Example Ltd',
      websiteUrl: 'https://example.com',
      domains: ['example.com', 'shop.example.org'],
      acceptTerms: true,
    });
  });

  it('treats website and domains as optional', () => {
    const { websiteUrl: _w, domains: _d, ...required } = VALID;
    expect(companySignUpSchema.parse(required)).toMatchObject({
      websiteUrl: null,
      domains: [],
    });
  });

  it.each<[string, Partial<typeof VALID>, [string, string][]]>([
    [
      'terms not ticked',
      { acceptTerms: false },
      [['acceptTerms', 'Please accept the terms and conditions to continue.']],
    ],
    [
      'passwords differ',
      { confirmPassword: 'password2' },
      [['confirmPassword', 'Please ensure both passwords are the same.']],
    ],
    [
      'password of 7 (DECISIONS: 8, not 6)',
      { password: 'pass123', confirmPassword: 'pass123' },
      [['password', 'Password must be at least 8 characters long.']],
    ],
    [
      'password of 6 accepted by the spec is refused',
      { password: 'abcdef', confirmPassword: 'abcdef' },
      [['password', 'Password must be at least 8 characters long.']],
    ],
    [
      'blank company name',
      { companyName: '  ' },
      [['companyName', 'Please enter your company name.']],
    ],
    [
      'missing e-mail',
      { email: '' },
      [['email', 'Please enter your email address.']],
    ],
    [
      'invalid website',
      { websiteUrl: 'not a url' },
      [['websiteUrl', 'Please enter a valid website URL.']],
    ],
    [
      'invalid domain',
      { domains: 'example.com, localhost' },
      [['domains', 'Please enter a valid domain, like example.com.']],
    ],
  ])('%s', (_label, change, expected) => {
    expect(issuesOf(companySignUpSchema, { ...VALID, ...change })).toEqual(
      expected,
    );
  });
});

describe('companyDetailsSchema', () => {
  it('parses a list of domains', () => {
    expect(
      companyDetailsSchema.parse({
        companyName: 'Example',
        websiteUrl: '',
        domains: ['example.com', 'EXAMPLE.com', '', 'blog.example.com'],
      }),
    ).toEqual({
      companyName: 'Example',
      websiteUrl: null,
      domains: ['example.com', 'blog.example.com'],
    });
  });

  it('requires the company name', () => {
    expect(
      issuesOf(companyDetailsSchema, { companyName: '', domains: [] }),
    ).toEqual([['companyName', 'Please enter your company name.']]);
  });
});

describe('changePasswordSchema', () => {
  const FORM = {
    currentPassword: 'old-password',
    newPassword: 'new-password',
    confirmPassword: 'new-password',
  };

  it.each<[string, Partial<typeof FORM>, [string, string][]]>([
    ['valid', {}, []],
    [
      'confirmation differs',
      { confirmPassword: 'new-passwordX' },
      [['confirmPassword', "New password and confirmation don't match."]],
    ],
    [
      'new password of 7',
      { newPassword: '1234567', confirmPassword: '1234567' },
      [['newPassword', 'Password must be at least 8 characters long.']],
    ],
    [
      'new password of 6',
      { newPassword: '123456', confirmPassword: '123456' },
      [['newPassword', 'Password must be at least 8 characters long.']],
    ],
    [
      'new password of 8',
      { newPassword: '12345678', confirmPassword: '12345678' },
      [],
    ],
    [
      'current missing',
      { currentPassword: '' },
      [['currentPassword', 'Please enter your current password.']],
    ],
    [
      'confirmation missing',
      { confirmPassword: '' },
      [['confirmPassword', 'Please confirm your password.']],
    ],
  ])('%s', (_label, change, expected) => {
    expect(issuesOf(changePasswordSchema, { ...FORM, ...change })).toEqual(
      expected,
    );
  });

  it.each([
    ['a', 'b', 'c', true],
    ['', 'b', 'c', false],
    ['a', '', 'c', false],
    ['a', 'b', '', false],
  ])(
    'button enabled for %j, %j, %j → %s',
    (currentPassword, newPassword, confirmPassword, expected) => {
      expect(
        canSubmitChangePassword({
          currentPassword,
          newPassword,
          confirmPassword,
        }),
      ).toBe(expected);
    },
  );
});
