/**
 * Why the extension asks for each permission, in one place: the manifest's
 * store description, the /extension page and docs/extension.md say the
 * same (issue #26).
 */

/** The store description (manifest `description`, at most 132 characters). */
export const EXTENSION_DESCRIPTION =
  'Send feedback about any website in two clicks, with a screenshot. Reads a site only when you click or allow it.';

export interface PermissionReason {
  permission: string;
  why: string;
}

export const EXTENSION_PERMISSIONS: readonly PermissionReason[] = [
  {
    permission: 'activeTab',
    why: 'Reads the address and title of the page you are on and takes its screenshot, only when you click the Peega button, use the shortcut or the right-click menu.',
  },
  {
    permission: 'scripting',
    why: 'Runs the small script that reads that page’s title and size at that moment, and, on sites you allow, the one that records console errors and failed requests.',
  },
  {
    permission: 'storage',
    why: 'Keeps your sign-in, your drafts and the backend address in the browser, and what was recorded on allowed sites until you send it or close the tab.',
  },
  {
    permission: 'contextMenus',
    why: 'Adds “Send feedback about this page” to the right-click menu.',
  },
  {
    permission: 'Site access (optional, per site)',
    why: 'Asked only when you choose “Record on <site>” in the popup, for that site alone: the last 50 console errors and 50 failed requests of its tabs, with secrets masked, which you review line by line before sending. Remove it in Options at any time.',
  },
];
