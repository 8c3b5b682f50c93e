/**
 * Company sign-up, company details and change-password forms (company spec
 * §2, §5; DECISIONS.md "Password rules", "Domains").
 */

import { z } from 'zod';
import {
  domainListSchema,
  emailSchema,
  newPasswordSchema,
  optionalWebsiteUrlSchema,
} from './fields.ts';
import {
  CHANGE_PASSWORD_MISMATCH,
  COMPANY_NAME_REQUIRED,
  COMPANY_PASSWORDS_DO_NOT_MATCH,
  COMPANY_TERMS_REQUIRED,
  CONFIRM_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_REQUIRED,
} from './messages.ts';

/** Company name: trimmed, required ('Please enter your company name.'). */
const companyNameSchema = z
  .string(COMPANY_NAME_REQUIRED)
  .trim()
  .min(1, COMPANY_NAME_REQUIRED);

/**
 * Company sign-up: e-mail, password (8–72), confirm password, company name
 * (all required); website URL optional (null when blank); domains optional
 * (comma-separated or list, normalised, deduplicated, each a valid host);
 * terms ticked ('Please accept the terms and conditions to continue.').
 * Filled but different confirmation: 'Please ensure both passwords are the
 * same.' (toast title "Passwords don't match").
 */
export const companySignUpSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z
      .string(CONFIRM_PASSWORD_REQUIRED)
      .min(1, CONFIRM_PASSWORD_REQUIRED),
    companyName: companyNameSchema,
    websiteUrl: optionalWebsiteUrlSchema,
    domains: domainListSchema,
    acceptTerms: z
      .boolean(COMPANY_TERMS_REQUIRED.description)
      .refine((ticked) => ticked, COMPANY_TERMS_REQUIRED.description),
  })
  .refine(
    (form) =>
      form.confirmPassword === '' || form.password === form.confirmPassword,
    {
      message: COMPANY_PASSWORDS_DO_NOT_MATCH.description,
      path: ['confirmPassword'],
    },
  );

/** Values of the company sign-up form. */
export type CompanySignUpInput = z.input<typeof companySignUpSchema>;

/** Parsed company sign-up. */
export type CompanySignUp = z.output<typeof companySignUpSchema>;

/**
 * Company Details card: company name (required), website URL (optional),
 * domains (list rules as at sign-up).
 */
export const companyDetailsSchema = z.object({
  companyName: companyNameSchema,
  websiteUrl: optionalWebsiteUrlSchema,
  domains: domainListSchema,
});

/**
 * Add a company profile to a signed-in account (a consumer becoming a
 * company): the details of the sign-up form and its terms, no password.
 */
export const addCompanyProfileSchema = z.object({
  companyName: companyNameSchema,
  websiteUrl: optionalWebsiteUrlSchema,
  domains: domainListSchema,
  acceptTerms: z
    .boolean(COMPANY_TERMS_REQUIRED.description)
    .refine((ticked) => ticked, COMPANY_TERMS_REQUIRED.description),
});

/** Parsed company details. */
export type CompanyDetails = z.output<typeof companyDetailsSchema>;

/**
 * Change password: current password required (not checked by the client),
 * new password 8–72 characters ('Password must be at least 8 characters
 * long.', title 'Password too short'), confirmation required; filled but
 * different confirmation: 'New password and confirmation don't match.'
 * (title 'Password mismatch').
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string(CURRENT_PASSWORD_REQUIRED)
      .min(1, CURRENT_PASSWORD_REQUIRED),
    newPassword: newPasswordSchema,
    confirmPassword: z
      .string(CONFIRM_PASSWORD_REQUIRED)
      .min(1, CONFIRM_PASSWORD_REQUIRED),
  })
  .refine(
    (form) =>
      form.confirmPassword === '' || form.newPassword === form.confirmPassword,
    {
      message: CHANGE_PASSWORD_MISMATCH.description,
      path: ['confirmPassword'],
    },
  );

/** Parsed change-password form. */
export type ChangePassword = z.output<typeof changePasswordSchema>;

/**
 * The change-password button is enabled only when current, new and confirm
 * are all non-empty.
 */
export function canSubmitChangePassword(form: {
  readonly currentPassword: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}): boolean {
  return (
    form.currentPassword !== '' &&
    form.newPassword !== '' &&
    form.confirmPassword !== ''
  );
}
