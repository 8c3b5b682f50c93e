/**
 * Firefox's id for the Peega add-on (`browser_specific_settings.gecko.id`):
 * Firefox keys storage and signing on it, and the e2e tests install the
 * built add-on under it.
 */
export const FIREFOX_ADDON_ID = 'extension@peega.app';
