/**
 * Numeric limits shared by the validation schemas, the messages that quote
 * them and the server checks.
 */

/**
 * Minimum password length for every account and form: 8 characters.
 * DECISIONS.md "Password rules" raises the company change-password form's
 * 6 (company spec §5, §9) to the consumer hint's 8.
 */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Maximum password length: 72 characters. Decision: bcrypt, which hashes the
 * passwords, ignores everything after 72 bytes, so longer passwords would be
 * silently truncated.
 */
export const PASSWORD_MAX_LENGTH = 72;

/** Bytes in one megabyte as the spec counts it (5 MB = 5*1024*1024 bytes). */
export const BYTES_PER_MB = 1024 * 1024;

/** Largest feedback screenshot, in MB (inclusive). */
export const SCREENSHOT_MAX_MB = 5;

/** Largest feedback audio recording, in MB (inclusive). */
export const AUDIO_MAX_MB = 10;

/** Largest blog image, in MB (inclusive). */
export const BLOG_IMAGE_MAX_MB = 5;

/** Largest feedback screenshot, in bytes: 5 × 1024 × 1024 = 5 242 880. */
export const SCREENSHOT_MAX_BYTES = SCREENSHOT_MAX_MB * BYTES_PER_MB;

/** Largest feedback audio recording, in bytes: 10 × 1024 × 1024. */
export const AUDIO_MAX_BYTES = AUDIO_MAX_MB * BYTES_PER_MB;

/** Largest blog image, in bytes: 5 × 1024 × 1024. */
export const BLOG_IMAGE_MAX_BYTES = BLOG_IMAGE_MAX_MB * BYTES_PER_MB;
