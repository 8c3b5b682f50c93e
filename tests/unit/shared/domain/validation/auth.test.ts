import { describe, expect, it } from 'vitest';
import {
  consumerSignUpSchema,
  signInSchema,
} from '@shared/domain/validation/auth.ts';
import { issuesOf } from './issues.ts';

const VALID = {
  fullName: '  Ana Silva ',
  email: ' Ana@Example.com ',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  acceptTerms: true,
};

describe('consumerSignUpSchema', () => {
  it('parses a valid form', () => {
    expect(consumerSignUpSchema.parse(VALID)).toEqual({
      fullName: 'Ana Silva',
      email: 'ana@example.com',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      acceptTerms: true,
    });
  });

  it.each<[string, Partial<typeof VALID>, [string, string][]]>([
    [
      'terms not ticked',
      { acceptTerms: false },
      [['acceptTerms', 'Please accept the terms and conditions to continue']],
    ],
    [
      'passwords differ',
      { confirmPassword: 'correct horsE' },
      [['confirmPassword', 'Passwords do not match']],
    ],
    [
      'confirmation empty',
      { confirmPassword: '' },
      [['confirmPassword', 'Please confirm your password.']],
    ],
    [
      'blank full name',
      { fullName: '   ' },
      [['fullName', 'Please enter your full name.']],
    ],
    [
      'empty e-mail',
      { email: '' },
      [['email', 'Please enter your email address.']],
    ],
    [
      'bad e-mail',
      { email: 'ana@' },
      [['email', 'Please enter a valid email address.']],
    ],
    [
      'password of 7',
      { password: '1234567', confirmPassword: '1234567' },
      [['password', 'Password must be at least 8 characters long.']],
    ],
    [
      'password of 8',
      { password: '12345678', confirmPassword: '12345678' },
      [],
    ],
    [
      'several problems at once',
      { fullName: '', acceptTerms: false, confirmPassword: 'other' },
      [
        ['fullName', 'Please enter your full name.'],
        ['acceptTerms', 'Please accept the terms and conditions to continue'],
        ['confirmPassword', 'Passwords do not match'],
      ],
    ],
  ])('%s', (_label, change, expected) => {
    expect(issuesOf(consumerSignUpSchema, { ...VALID, ...change })).toEqual(
      expected,
    );
  });
});

describe('signInSchema', () => {
  it.each<[unknown, [string, string][]]>([
    [{ email: 'ana@example.com', password: 'x' }, []],
    [{ email: 'ana@example.com', password: 'short' }, []],
    [
      { email: '', password: '' },
      [
        ['email', 'Please enter your email address.'],
        ['password', 'Please enter your password.'],
      ],
    ],
    [
      { email: 'nope', password: 'secret123' },
      [['email', 'Please enter a valid email address.']],
    ],
  ])('%j → %j', (input, expected) => {
    expect(issuesOf(signInSchema, input)).toEqual(expected);
  });

  it('normalises the e-mail', () => {
    expect(
      signInSchema.parse({ email: ' A@B.io ', password: 'pw' }).email,
    ).toBe('a@b.io');
  });
});
