import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  captureHandlers,
  forgetJobOfTab,
} from '@ext/entrypoints/background/capture-job';
import { captureJobItem, type CaptureJob } from '@ext/lib/capture-job';

const JPEG = `data:image/jpeg;base64,${btoa('\xff\xd8\xff\xe0jpeg')}`;
// Only the tab's fields the handlers read: the rest of a real sender's tab.
const senderOf = (active: boolean) =>
  ({
    tab: { id: 7, windowId: 1, active },
  }) as unknown as Browser.runtime.MessageSender;
const sender = senderOf(true);

function job(patch: Partial<CaptureJob> = {}): CaptureJob {
  return {
    id: 'j1',
    tabId: 7,
    url: 'https://shop.example.com/cart',
    mode: 'element',
    status: 'picking',
    progress: null,
    screenshot: null,
    note: null,
    error: null,
    ...patch,
  };
}

describe('the background capture job', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.restoreAllMocks();
  });

  it('records progress, then the finished screenshot with its note, and opens the popup again after a pick', async () => {
    const openPopup = vi
      .spyOn(fakeBrowser.action, 'openPopup')
      .mockResolvedValue(undefined);
    await captureJobItem.setValue(job());
    const progress = { label: 'Capturing by scrolling', done: 2, total: 5 };
    await captureHandlers.captureProgress({ jobId: 'j1', progress }, sender);
    expect(await captureJobItem.getValue()).toMatchObject({
      status: 'working',
      progress,
    });
    await captureHandlers.captureFinished(
      { jobId: 'j1', screenshot: JPEG, note: 'by scrolling', error: null },
      sender,
    );
    expect(await captureJobItem.getValue()).toMatchObject({
      status: 'done',
      screenshot: JPEG,
      note: 'by scrolling',
      progress: null,
    });
    expect(openPopup).toHaveBeenCalledOnce();
  });

  it('forgets a pick cancelled with Esc, and keeps a failure to show', async () => {
    await captureJobItem.setValue(job());
    await captureHandlers.captureFinished(
      { jobId: 'j1', screenshot: null, note: null, error: null },
      sender,
    );
    expect(await captureJobItem.getValue()).toBeNull();

    await captureJobItem.setValue(job({ status: 'working' }));
    await captureHandlers.captureFinished(
      { jobId: 'j1', screenshot: null, note: null, error: 'could not' },
      sender,
    );
    expect(await captureJobItem.getValue()).toMatchObject({
      status: 'failed',
      error: 'could not',
    });
  });

  it('ignores what an older or cancelled capture reports', async () => {
    await captureJobItem.setValue(job({ id: 'j2' }));
    await captureHandlers.captureFinished(
      { jobId: 'j1', screenshot: JPEG, note: null, error: null },
      sender,
    );
    expect(await captureJobItem.getValue()).toMatchObject({
      id: 'j2',
      status: 'picking',
    });
    await captureHandlers.cancelCapture({ tabId: 7 }, {});
    expect(await captureJobItem.getValue()).toBeNull();
  });

  it('drops a job under way when its tab reloads or closes, but not a finished one', async () => {
    await captureJobItem.setValue(job({ status: 'working' }));
    await forgetJobOfTab(8);
    expect(await captureJobItem.getValue()).not.toBeNull();
    await forgetJobOfTab(7);
    expect(await captureJobItem.getValue()).toBeNull();

    await captureJobItem.setValue(job({ status: 'done', screenshot: JPEG }));
    await forgetJobOfTab(7);
    expect(await captureJobItem.getValue()).toMatchObject({ status: 'done' });
  });

  it('captures only the sending tab, and only while it is the active one', async () => {
    expect(await captureHandlers.captureVisible({}, senderOf(false))).toEqual({
      screenshot: null,
    });
    expect(await captureHandlers.captureVisible({}, {})).toEqual({
      screenshot: null,
    });
  });
});
