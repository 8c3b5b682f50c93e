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

describe('one result toast at a time', () => {
  it("replaces the last action's confirmation, keeps errors and caller ids", () => {
    const { toast, toasterReady } = facade;
    const { calls, sonner } = fakeSonner();
    toasterReady(sonner);
    const split = toast.success('Split into a new topic');
    const failed = toast.error('Not moved');
    const keep = toast.info('Signed in', { id: 'auth' });
    toast.success('Topic renamed');
    expect(calls).toEqual([
      ['success', 'Split into a new topic', { id: split }],
      ['error', 'Not moved', { id: failed }],
      ['info', 'Signed in', { id: keep }],
      ['dismiss', split],
      ['success', 'Topic renamed', { id: expect.any(String) }],
    ]);
  });
});

describe('the real toaster', () => {
  it('shows only the latest confirmation', async () => {
    const { render, screen, waitFor } = await import('@testing-library/react');
    const { createElement } = await import('react');
    const { default: AppToaster } = await import('@web/app/toaster');
    const { toast } = await import('@web/lib/toast');
    render(createElement(AppToaster));
    toast.success('Split into a new topic');
    await screen.findByText('Split into a new topic');
    toast.success('Topic renamed');
    await screen.findByText('Topic renamed');
    await waitFor(() =>
      expect(screen.queryByText('Split into a new topic')).toBeNull(),
    );
  });
});
