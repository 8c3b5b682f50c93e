import {
  draftIndexItem,
  draftItem,
  draftShotItem,
  readLocal,
  type Draft,
  type DraftShot,
} from './storage';

/** Drafts kept at most; older ones are dropped (a screenshot is ~300 KB). */
export const MAX_DRAFTS = 8;

/** A page's address without its `#fragment`: what a draft is about. */
export function draftKey(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/**
 * Where a user's draft of a page is stored. Drafts belong to the account
 * that typed them: the next account on the same browser never sees them,
 * and they come back when the same account signs in again (an accidental
 * sign-out loses nothing).
 */
function storageKey(userId: string, url: string): string {
  return `${userId}:${draftKey(url)}`;
}

/** The user's draft and screenshot stored for a page, if any. */
export async function loadDraft(
  userId: string,
  url: string,
): Promise<{ draft: Draft | null; shot: DraftShot | null }> {
  const key = storageKey(userId, url);
  // One round trip, and no item defined (WXT reads an item's key again when
  // it is defined: the screenshot, up to 300 KB, would be read twice).
  const draftKey = `local:draft:${key}`;
  const shotKey = `local:draftShot:${key}`;
  const found = await readLocal([draftKey, shotKey]);
  return {
    draft: (found[draftKey] as Draft | undefined) ?? null,
    shot: (found[shotKey] as DraftShot | undefined) ?? null,
  };
}

/** Stores a draft (without touching its screenshot) and forgets the oldest beyond {@link MAX_DRAFTS}. */
export async function saveDraft(userId: string, draft: Draft): Promise<void> {
  const key = storageKey(userId, draft.url);
  const index = (await draftIndexItem.getValue()).filter((u) => u !== key);
  index.push(key);
  const dropped = index.splice(0, Math.max(0, index.length - MAX_DRAFTS));
  await Promise.all([
    draftItem(key).setValue({ ...draft, url: draftKey(draft.url) }),
    draftIndexItem.setValue(index),
    ...dropped.flatMap((u) => [
      draftItem(u).removeValue(),
      draftShotItem(u).removeValue(),
    ]),
  ]);
}

/** Stores (or, with null, removes) the screenshot of a user's draft. */
export async function saveDraftShot(
  userId: string,
  url: string,
  shot: DraftShot | null,
): Promise<void> {
  const item = draftShotItem(storageKey(userId, url));
  await (shot ? item.setValue(shot) : item.removeValue());
}

/** Forgets a user's draft of a page and its screenshot, after a successful submit. */
export async function deleteDraft(userId: string, url: string): Promise<void> {
  const key = storageKey(userId, url);
  const index = (await draftIndexItem.getValue()).filter((u) => u !== key);
  await Promise.all([
    draftItem(key).removeValue(),
    draftShotItem(key).removeValue(),
    draftIndexItem.setValue(index),
  ]);
}
