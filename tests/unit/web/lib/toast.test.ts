import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ToastModule from '@web/lib/toast';

type Facade = typeof ToastModule;

// A fresh facade per test: the toaster has not loaded yet.
let facade: Facade;
beforeEach(async () => {
  vi.resetModules();
  facade = await import('@web/lib/toast');
});

function fakeSonner() {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return 'sonner-id';
    };
  const sonner = Object.assign(record('toast'), {
    message: record('message'),
    success: record('success'),
    error: record('error'),
    info: record('info'),
    dismiss: record('dismiss'),
  });
  return { calls, sonner: sonner as never };
}

describe('toast before sonner has loaded', () => {
  it('keeps what is asked, in order, and shows it once the toaster listens', () => {
    const { toast, toasterReady } = facade;
    const first = toast.error('Upload failed', { description: 'Too big' });
    toast.dismiss(first);
    toast.success('Saved');
    const { calls, sonner } = fakeSonner();
    toasterReady(sonner);

    expect(calls).toEqual([
      ['error', 'Upload failed', { description: 'Too big', id: first }],
      ['dismiss', first],
      ['success', 'Saved', { id: expect.any(String) }],
    ]);
  });

  it('passes straight through once ready, keeping a caller-chosen id', () => {
    const { toast, toasterReady } = facade;
    const { calls, sonner } = fakeSonner();
    toasterReady(sonner);
    expect(toast.info('Hi', { id: 'auth' })).toBe('auth');
    toast('Account deletion requested');
    expect(calls).toEqual([
      ['info', 'Hi', { id: 'auth' }],
      ['message', 'Account deletion requested', { id: expect.any(String) }],
    ]);
  });
});
