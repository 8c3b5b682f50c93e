import {
  draftIndexItem,
  draftItem,
  draftShotItem,
  type Draft,
  type DraftShot,
} from './storage';

/** Drafts kept at most; older ones are dropped (a screenshot is ~300 KB). */
export const MAX_DRAFTS = 8;

/** The key of a page's draft: its address without the `#fragment`. */
export function draftKey(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** The draft and screenshot stored for a page, if any. */
export async function loadDraft(
  url: string,
): Promise<{ draft: Draft | null; shot: DraftShot | null }> {
  const key = draftKey(url);
  const [draft, shot] = await Promise.all([
    draftItem(key).getValue(),
    draftShotItem(key).getValue(),
  ]);
  return { draft, shot };
}

/** Stores a draft (without touching its screenshot) and forgets the oldest beyond {@link MAX_DRAFTS}. */
export async function saveDraft(draft: Draft): Promise<void> {
  const key = draftKey(draft.url);
  const index = (await draftIndexItem.getValue()).filter((u) => u !== key);
  index.push(key);
  const dropped = index.splice(0, Math.max(0, index.length - MAX_DRAFTS));
  await Promise.all([
    draftItem(key).setValue({ ...draft, url: key }),
    draftIndexItem.setValue(index),
    ...dropped.flatMap((u) => [
      draftItem(u).removeValue(),
      draftShotItem(u).removeValue(),
    ]),
  ]);
}

/** Stores (or, with null, removes) a page's screenshot. */
export async function saveDraftShot(
  url: string,
  shot: DraftShot | null,
): Promise<void> {
  const item = draftShotItem(draftKey(url));
  await (shot ? item.setValue(shot) : item.removeValue());
}

/** Forgets a page's draft and screenshot, after a successful submit. */
export async function deleteDraft(url: string): Promise<void> {
  const key = draftKey(url);
  const index = (await draftIndexItem.getValue()).filter((u) => u !== key);
  await Promise.all([
    draftItem(key).removeValue(),
    draftShotItem(key).removeValue(),
    draftIndexItem.setValue(index),
  ]);
}
