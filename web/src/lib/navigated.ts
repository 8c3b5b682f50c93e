/**
 * The event the app's router sends on window after every move
 * (app/router.tsx), for modules outside React that care where the app is.
 */
export const NAVIGATED_EVENT = 'peega:navigated';
