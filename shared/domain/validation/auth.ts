/**
 * Consumer sign-up and sign-in forms (consumer spec §2 "Auth screen", §5
 * "Sign-up"; DECISIONS.md "Password rules"). Company sign-in uses the same
 * sign-in schema.
 */

import { z } from 'zod';
import {
  emailSchema,
  existingPasswordSchema,
  newPasswordSchema,
} from './fields.ts';
import {
  CONFIRM_PASSWORD_REQUIRED,
  CONSUMER_PASSWORDS_DO_NOT_MATCH,
  CONSUMER_TERMS_REQUIRED,
  FULL_NAME_REQUIRED,
} from './messages.ts';

/**
 * Consumer sign-up: full name (trimmed, required), e-mail, password (8–72
 * characters), confirm password (required), terms ticked ('Please accept the
 * terms and conditions to continue'). When the confirmation is filled but
 * differs: 'Passwords do not match' on `confirmPassword`.
 */
export const consumerSignUpSchema = z
  .object({
    fullName: z.string(FULL_NAME_REQUIRED).trim().min(1, FULL_NAME_REQUIRED),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z
      .string(CONFIRM_PASSWORD_REQUIRED)
      .min(1, CONFIRM_PASSWORD_REQUIRED),
    acceptTerms: z
      .boolean(CONSUMER_TERMS_REQUIRED)
      .refine((ticked) => ticked, CONSUMER_TERMS_REQUIRED),
  })
  .refine(
    (form) =>
      form.confirmPassword === '' || form.password === form.confirmPassword,
    { message: CONSUMER_PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] },
  );

/** Values of the consumer sign-up form. */
export type ConsumerSignUpInput = z.input<typeof consumerSignUpSchema>;

/** Parsed consumer sign-up (e-mail trimmed and lowercased). */
export type ConsumerSignUp = z.output<typeof consumerSignUpSchema>;

/**
 * Sign-in (consumer and company): e-mail and a non-empty password. The
 * length rule is not applied at sign-in.
 */
export const signInSchema = z.object({
  email: emailSchema,
  password: existingPasswordSchema,
});

/** Parsed sign-in form. */
export type SignIn = z.output<typeof signInSchema>;
