import { createClient } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from '#imports';
import { pageFromTab, readShell } from '@ext/api/popup-boot';
import { saveDraft, saveDraftShot } from '@ext/lib/drafts';
import {
  authStorageKey,
  backendConfigItem,
  backendUrlItem,
  statsCacheItem,
  storedSessionUser,
} from '@ext/lib/storage';
import { lazyItem } from '@ext/lib/lazy-item';
import { makeDraft } from './make-draft';

const BACKEND = 'http://localhost:3000';
const SUPABASE = 'http://127.0.0.1:54321';
const URL_ = 'https://shop.example.com/cart';
const TAB = { tabId: 7, windowId: 1, url: `${URL_}#top`, title: 'Cart' };
const SESSION = JSON.stringify({
  access_token: 'a',
  refresh_token: 'r',
  expires_at: 1,
  user: { id: 'u1', email: 'consumer@example.com' },
});
const STATS = {
  userId: 'u1',
  feedback_count: 3,
  total_points: 40,
  day_feedback_date: '2026-01-01',
  day_feedback_count: 1,
};

async function configure() {
  await backendUrlItem.setValue(`${BACKEND}/`);
  await backendConfigItem.setValue({
    backendUrl: BACKEND,
    supabaseUrl: SUPABASE,
    supabaseAnonKey: 'anon',
  });
}

describe('the popup shell (first screen from storage, no network)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('uses the key supabase-js itself would use for the session', () => {
    const client = createClient(SUPABASE, 'anon', {
      auth: { persistSession: false },
    });
    const key = (client.auth as unknown as { storageKey: string }).storageKey;
    expect(authStorageKey(SUPABASE)).toBe(key);
  });

  it('reads the signed-in user from a stored session, and nothing else', () => {
    expect(storedSessionUser(SESSION)).toEqual({
      id: 'u1',
      email: 'consumer@example.com',
    });
    expect(storedSessionUser(undefined)).toBeNull();
    expect(storedSessionUser('not json')).toBeNull();
    expect(storedSessionUser(JSON.stringify({ user: { id: 'u1' } }))).toBe(
      null,
    );
  });

  it('shows the tab’s address and host before the content script answers', () => {
    expect(pageFromTab(TAB)).toEqual({
      url: `${URL_}#top`,
      title: 'Cart',
      host: 'shop.example.com',
      siteName: null,
      viewport: '',
    });
    expect(pageFromTab({ tabId: 1, windowId: 1 })).toBeNull();
    expect(pageFromTab(null)).toBeNull();
  });

  it('is signed in with the cached stats and the page’s draft and screenshot', async () => {
    await configure();
    await fakeBrowser.storage.local.set({
      [authStorageKey(SUPABASE)]: SESSION,
    });
    await statsCacheItem.setValue(STATS);
    await saveDraft('u1', makeDraft({ text: 'Half typed' }));
    const shot = { original: 'data:a', redacted: 'data:b', uploadedPath: null };
    await saveDraftShot('u1', URL_, shot);

    const shell = await readShell(Promise.resolve(TAB));
    expect(shell).toMatchObject({
      backendUrl: BACKEND,
      user: { id: 'u1' },
      stats: STATS,
      page: { host: 'shop.example.com' },
      draft: { text: 'Half typed' },
      shot,
    });
  });

  it('is signed out without a session, or when the stored one is another user’s stats', async () => {
    await configure();
    await statsCacheItem.setValue(STATS);
    const signedOut = await readShell(Promise.resolve(TAB));
    expect(signedOut).toMatchObject({ user: null, stats: null, draft: null });

    await fakeBrowser.storage.local.set({
      [authStorageKey(SUPABASE)]: SESSION.replace('"u1"', '"u2"'),
    });
    await saveDraft('u1', makeDraft({ text: 'Half typed by u1' }));
    const other = await readShell(Promise.resolve(TAB));
    // The next account on this browser sees neither u1's stats nor draft.
    expect(other).toMatchObject({
      user: { id: 'u2' },
      stats: null,
      draft: null,
      shot: null,
    });
  });

  it('ignores a session of another backend (the address changed in the options)', async () => {
    await configure();
    await fakeBrowser.storage.local.set({
      [authStorageKey(SUPABASE)]: SESSION,
    });
    await backendUrlItem.setValue('https://peega.example.org');
    const shell = await readShell(Promise.resolve(null));
    expect(shell).toMatchObject({
      backendUrl: 'https://peega.example.org',
      user: null,
      page: null,
    });
  });

  it('reads storage in three round trips: the items, the session, the draft (issue #26, popup speed)', async () => {
    await configure();
    await fakeBrowser.storage.local.set({
      [authStorageKey(SUPABASE)]: SESSION,
    });
    await statsCacheItem.setValue(STATS);
    await saveDraft('u1', makeDraft({ text: 'Half typed' }));
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const shell = await readShell(Promise.resolve(TAB));
    expect(shell).toMatchObject({ user: { id: 'u1' }, stats: STATS });
    expect(shell.draft).toMatchObject({ text: 'Half typed' });
    expect(get).toHaveBeenCalledTimes(3);
    get.mockRestore();
  });
});

describe('storage items defined on first use', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads nothing until the item is used (WXT reads a key when its item is defined)', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const define = vi.fn(() =>
      storage.defineItem<string>('local:lazyProbe', { fallback: 'none' }),
    );
    const item = lazyItem(define);
    await new Promise((r) => setTimeout(r, 0));
    expect(define).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
    await item.setValue('kept');
    expect(await item.getValue()).toBe('kept');
    expect(define).toHaveBeenCalledTimes(1);
    get.mockRestore();
  });
});
