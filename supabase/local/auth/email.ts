import { badRequest } from './errors.ts';

// checkmail's `ValidateFormat` pattern, which GoTrue uses.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's `validateEmail`: required, at most 255 bytes, lower-cased. */
export function validateEmail(email: string): string {
  if (email === '') {
    throw badRequest('validation_failed', 'An email address is required');
  }
  if (Buffer.byteLength(email) > 255) {
    throw badRequest('validation_failed', 'An email address is too long');
  }
  if (!EMAIL.test(email)) {
    throw badRequest(
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  }
  return email.toLowerCase();
}
