import { isTimeoutError } from '@shared/data/timeout-fetch';
import {
  FEEDBACK_AUTH_REQUIRED,
  type ToastMessage,
} from '@shared/domain/validation/messages';

/** How a failed backend call is shown, and whether trying again may help. */
export interface FailureMessage extends ToastMessage {
  kind:
    | 'offline'
    | 'auth'
    /** The session's account is gone; it has been signed out. */
    | 'session-ended'
    | 'rate-limited'
    | 'upload'
    | 'invalid'
    | 'unknown';
}

interface ErrorLike {
  name?: string;
  message?: string;
  code?: string;
  status?: number;
}

export const OFFLINE: FailureMessage = {
  kind: 'offline',
  title: "Can't reach Peega",
  description:
    'Your feedback is saved as a draft. Check your connection and try again.',
};

/** The backend did not answer in time (the connection dropped or hangs). */
export const TIMED_OUT: FailureMessage = {
  kind: 'offline',
  title: 'Peega did not answer in time',
  description:
    'Your feedback is saved as a draft. It is sent again when your connection is back, or press Try again.',
};

/**
 * The message for a failed sign-in, upload or submit. Network failures and
 * gateway errors are "offline"; 401 and expired tokens ask to sign in again;
 * 429 says to wait; a refused upload says so. The draft is always kept.
 */
export function describeFailure(
  error: unknown,
  stage: 'upload' | 'submit' | 'sign-in' = 'submit',
): FailureMessage {
  const e = (error ?? {}) as ErrorLike;
  const message = e.message ?? '';
  const status = e.status;
  if (isTimeoutError(error)) return TIMED_OUT;
  if (
    e.name === 'TypeError' ||
    status === 0 ||
    status === 502 ||
    status === 503 ||
    status === 504 ||
    /failed to fetch|fetch failed|networkerror|load failed|network request failed/i.test(
      message,
    )
  ) {
    return OFFLINE;
  }
  if (
    status === 429 ||
    e.code === 'PT429' ||
    e.code === 'over_request_rate_limit'
  ) {
    return {
      kind: 'rate-limited',
      title: 'Too many requests',
      description:
        'Please wait a few minutes and try again. Your draft is saved.',
    };
  }
  if (stage === 'sign-in') {
    return {
      kind: 'auth',
      title: 'Sign in failed',
      description: message || 'Please try again.',
    };
  }
  if (
    status === 401 ||
    e.code === 'PGRST301' ||
    e.code === 'PGRST303' ||
    /jwt|session missing|not signed in/i.test(message)
  ) {
    return { kind: 'auth', ...FEEDBACK_AUTH_REQUIRED };
  }
  if (stage === 'upload') {
    return {
      kind: 'upload',
      title: 'Upload failed',
      description:
        'There was an error uploading your screenshot. Try again, or send without it.',
    };
  }
  if (e.code === '23514' || e.code === '22023' || e.code === '42501') {
    return {
      kind: 'invalid',
      title: 'Feedback not accepted',
      description: message,
    };
  }
  return {
    kind: 'unknown',
    title: 'Something went wrong',
    description: 'Please try again later.',
  };
}
