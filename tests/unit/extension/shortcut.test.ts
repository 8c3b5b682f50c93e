import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openShortcut } from '@ext/lib/shortcut';

type Command = { name?: string; shortcut?: string };
const commands = (list: Command[] | Error) =>
  vi
    .spyOn(fakeBrowser.commands, 'getAll')
    .mockImplementation(() =>
      list instanceof Error ? Promise.reject(list) : Promise.resolve(list),
    );

describe('the shortcut that opens Peega (#37)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is the one the user has now for the action command', async () => {
    commands([
      { name: 'other', shortcut: 'Ctrl+Shift+Y' },
      { name: '_execute_action', shortcut: 'Alt+Shift+F' },
    ]);
    expect(await openShortcut()).toBe('Alt+Shift+F');
  });

  it('is null when the user removed it or the browser cannot tell', async () => {
    commands([{ name: '_execute_action', shortcut: '' }]);
    expect(await openShortcut()).toBeNull();
    commands(new Error('not supported'));
    expect(await openShortcut()).toBeNull();
  });
});
