/**
 * A storage item defined on first use. WXT's `storage.defineItem` reads its
 * key from extension storage the moment it is defined (to run an `init`,
 * even when there is none), so every item defined at module level cost the
 * popup one more storage round trip at load, queued before the first
 * screen's own reads (issue #26, popup speed).
 */
export function lazyItem<Item extends object>(define: () => Item): Item {
  let item: Item | undefined;
  return new Proxy({} as Item, {
    get: (_target, property) => Reflect.get((item ??= define()), property),
  });
}
