import { defineContentScript } from '#imports';
import { installContextHook } from '@ext/lib/context/hook';

/**
 * The page-world half of the opt-in recording (issue #26): registered at
 * run time, for the sites the user allowed only (lib/context/scripts.ts).
 */
export default defineContentScript({
  registration: 'runtime',
  world: 'MAIN',
  main() {
    installContextHook(window);
  },
});
