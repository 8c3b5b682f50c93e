import { browser } from '#imports';
import { useEffect, useState } from 'react';

/** The manifest command that opens the popup (wxt.config.ts `commands`). */
const OPEN_COMMAND = '_execute_action';

/**
 * The keyboard shortcut that opens Peega, as the user has it now (#37): the
 * suggested Alt+Shift+F unless they changed or removed it in the browser's
 * shortcut settings; null when none is set.
 */
export async function openShortcut(): Promise<string | null> {
  try {
    const commands = await browser.commands.getAll();
    return commands.find((c) => c.name === OPEN_COMMAND)?.shortcut || null;
  } catch {
    return null;
  }
}

/** {@link openShortcut} for a component; undefined until known. */
export function useOpenShortcut(): string | null | undefined {
  const [shortcut, setShortcut] = useState<string | null | undefined>();
  useEffect(() => {
    let live = true;
    void openShortcut().then((s) => live && setShortcut(s));
    return () => {
      live = false;
    };
  }, []);
  return shortcut;
}

/** Where the browser lets the user change it. */
export const SHORTCUT_SETTINGS = import.meta.env.FIREFOX
  ? 'Firefox: Add-ons and themes → ⚙ → Manage Extension Shortcuts'
  : 'chrome://extensions/shortcuts';
