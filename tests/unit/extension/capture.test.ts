import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CAPTURE_QUALITY, captureWindow } from '@ext/lib/capture';
import { startPopup } from '@ext/lib/popup-start';

const SHOT = 'data:image/jpeg;base64,/9j/AA==';
const PAGE = 'https://shop.example.com/cart';

function stubCapture(impl: () => Promise<string>) {
  const capture = vi.fn(impl);
  fakeBrowser.tabs.captureVisibleTab =
    capture as unknown as typeof fakeBrowser.tabs.captureVisibleTab;
  return capture;
}

describe('the screenshot the popup takes itself', () => {
  beforeEach(() => fakeBrowser.reset());
  afterEach(() => vi.useRealTimers());

  it('captures the window’s visible tab as a JPEG', async () => {
    const capture = stubCapture(async () => SHOT);
    await expect(captureWindow(3, PAGE, true)).resolves.toEqual({
      screenshot: SHOT,
      captureError: null,
    });
    expect(capture).toHaveBeenCalledWith(3, {
      format: 'jpeg',
      quality: CAPTURE_QUALITY,
    });
  });

  it.each([
    ['chrome://settings', /Browser pages/],
    ['https://chromewebstore.google.com/detail/x', /extension store/],
    ['https://example.com/report.pdf', /PDF/],
  ])('does not try on %s and says why', async (url, reason) => {
    const capture = stubCapture(async () => SHOT);
    const result = await captureWindow(1, url, true);
    expect(result.screenshot).toBeNull();
    expect(result.captureError).toMatch(reason);
    expect(capture).not.toHaveBeenCalled();
  });

  it('asks to switch tabs when the tab is not the visible one', async () => {
    stubCapture(async () => SHOT);
    expect((await captureWindow(1, PAGE, false)).captureError).toMatch(
      /Switch to the page/,
    );
  });

  it('waits for Chrome’s capture quota once, then captures', async () => {
    vi.useFakeTimers();
    let calls = 0;
    stubCapture(async () => {
      calls += 1;
      if (calls === 1) {
        throw new Error(
          'This request exceeds the MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND quota.',
        );
      }
      return SHOT;
    });
    const result = captureWindow(1, PAGE, true);
    await vi.advanceTimersByTimeAsync(600);
    await expect(result).resolves.toEqual({
      screenshot: SHOT,
      captureError: null,
    });
    expect(calls).toBe(2);
  });

  it('works without a screenshot when the browser refuses', async () => {
    stubCapture(async () => {
      throw new Error('Cannot access contents of the page.');
    });
    const result = await captureWindow(1, PAGE, true);
    expect(result.screenshot).toBeNull();
    expect(result.captureError).toMatch(/does not allow a screenshot/);
  });
});

describe('the popup’s first script', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    delete window.__peegaStart;
  });

  afterEach(() => history.replaceState(null, '', '/'));

  it('captures the popup’s tab and keeps the result for the main bundle', async () => {
    const tab = await fakeBrowser.tabs.create({ url: PAGE, active: true });
    // The popup opened in its own window for that tab (context menu).
    history.replaceState(
      null,
      '',
      `/popup.html?tabId=${tab.id}&windowId=${tab.windowId}`,
    );
    const capture = stubCapture(async () => SHOT);
    const start = startPopup();
    // popup-start.js ran first: the main bundle picks up the same work.
    expect(startPopup()).toBe(start);
    await expect(start.target).resolves.toMatchObject({
      tabId: tab.id,
      url: PAGE,
    });
    await expect(start.capture).resolves.toEqual({
      screenshot: SHOT,
      captureError: null,
    });
    expect(start.settled.capture?.screenshot).toBe(SHOT);
    expect(capture).toHaveBeenCalledTimes(1);
    expect(capture).toHaveBeenCalledWith(tab.windowId, expect.anything());
  });
});
