// Every zustand store made during a unit test is reset to its initial state
// after each test, as bulletproof-react's __mocks__/zustand.ts does: a store
// is module state, and one test's leftovers must not leak into the next.
// Activated by `vi.mock('zustand')` in tests/unit/setup-zustand.ts.
import { act } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type * as Zustand from 'zustand';

const actual = await vi.importActual<typeof Zustand>('zustand');

export const storeResetFns = new Set<() => void>();

function remember<T, S extends Zustand.StoreApi<T>>(store: S): S {
  const initial = store.getInitialState();
  storeResetFns.add(() => store.setState(initial, true));
  return store;
}

export const create = (<T>(creator?: Zustand.StateCreator<T, [], []>) =>
  creator
    ? remember<T, Zustand.UseBoundStore<Zustand.StoreApi<T>>>(
        actual.create<T>()(creator),
      )
    : (c: Zustand.StateCreator<T, [], []>) =>
        remember<T, Zustand.UseBoundStore<Zustand.StoreApi<T>>>(
          actual.create<T>()(c),
        )) as typeof Zustand.create;

export const createStore = (<T>(creator?: Zustand.StateCreator<T, [], []>) =>
  creator
    ? remember<T, Zustand.StoreApi<T>>(actual.createStore<T>()(creator))
    : (c: Zustand.StateCreator<T, [], []>) =>
        remember<T, Zustand.StoreApi<T>>(
          actual.createStore<T>()(c),
        )) as typeof Zustand.createStore;

export const { useStore } = actual;

afterEach(() => {
  act(() => storeResetFns.forEach((reset) => reset()));
});
