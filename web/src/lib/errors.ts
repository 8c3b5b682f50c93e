/** A sentence for the user from anything a boundary caught. */
export function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'An unexpected error occurred.';
}

/**
 * A screen's code failed to download: after a deploy the old file names are
 * gone (or the network dropped). Chromium, Firefox and Safari word it so.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/** What the user reads instead of a module URL (issue #19 item 12). */
export const APP_UPDATED = {
  title: 'Peega was updated',
  message: 'This page needs the newest version of Peega. Reload to continue.',
} as const;

/**
 * A screen's code could not be downloaded because Peega's server does not
 * answer (not because it was updated: #40 item 20).
 */
export const SERVER_UNREACHABLE = {
  title: "Can't reach Peega",
  message:
    "Peega's server does not answer, so this page could not load. Check your connection, then try again.",
} as const;

/** While the server is asked whether it answers. */
export const CHECKING_SERVER = {
  title: 'This page did not load',
  message: 'Checking whether Peega can be reached…',
} as const;

/** Title and sentence of the full-page error for anything a boundary caught. */
export function errorScreenText(error: unknown): {
  title: string;
  message: string;
} {
  return isChunkLoadError(error)
    ? APP_UPDATED
    : { title: 'Something went wrong', message: describeError(error) };
}
