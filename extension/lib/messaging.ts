import { browser, type Browser } from '#imports';
import type { CaptureJob, CaptureMode } from './capture-job';
import type { LogEntries } from './context/tab-log';
import type { FailureMessage } from './errors';

/** What the on-demand page-info script reads from the page. */
export interface PageInfo {
  url: string;
  title: string;
  host: string;
  /** `<meta property="og:site_name">`, when the page has one. */
  siteName: string | null;
  /** The page's viewport, e.g. `1280×720`. */
  viewport: string;
  /** The page's device pixel ratio (zoom included). */
  devicePixelRatio?: number;
  /** The page's language preference (`navigator.language`). */
  language?: string;
}

/**
 * The screenshot taken the moment the popup opens (by the popup itself,
 * lib/capture.ts): a JPEG data URL as the browser captured it (the popup
 * shrinks it to 300 KB with `shrinkJpeg` when needed), or null with the
 * reason in words for the user.
 */
export interface Capture {
  screenshot: string | null;
  captureError: string | null;
}

/** The tab a popup is about. */
export interface TargetTab {
  tabId: number;
  windowId: number;
  url?: string;
  title?: string;
  /** Whether it is its window's visible tab (only that one can be captured). */
  active?: boolean;
}

/**
 * The feedback is confirmed as soon as it is stored: the level progress is
 * fetched by the popup afterwards, not before '+N XP' is shown.
 */
export type SubmitResult =
  | {
      ok: true;
      feedbackId: string;
      pointsAwarded: number;
      /** The row's server time: badges its insert awarded carry it too. */
      createdAt: string;
    }
  | { ok: false; failure: FailureMessage };

/**
 * Every message between the extension's contexts, with its request and
 * response (read-frog's ProtocolMap shape, hand-rolled around
 * `browser.runtime`).
 */
export interface ProtocolMap {
  /** Popup → background: the page's info (on-demand content script). */
  readPage: { request: TargetTab; response: PageInfo | null };
  /** Popup → background: send the stored draft of this page. */
  submitFeedback: { request: { url: string }; response: SubmitResult };
  /**
   * Recording script → background: new (masked) entries of the sender's
   * tab; kept only when its site is allowed. Answers whether they were.
   */
  recordContext: { request: LogEntries; response: boolean };
  /** Popup → background: capture the whole page or a picked element (lib/capture-job.ts). */
  startCapture: {
    request: TargetTab & { url: string; mode: CaptureMode };
    response: { ok: boolean };
  };
  /** Popup → background: stop the tab's capture (and its element picker). */
  cancelCapture: { request: { tabId: number }; response: { ok: boolean } };
  /** Capture script → background: what it is doing now. */
  captureProgress: {
    request: { jobId: string; progress: CaptureJob['progress'] };
    response: { ok: boolean };
  };
  /** Capture script → background: a native capture of the tab as it is scrolled now (fallback). */
  captureVisible: {
    request: Record<string, never>;
    response: { screenshot: string | null };
  };
  /** Capture script → background: the capture is done, failed or cancelled. */
  captureFinished: {
    request: {
      jobId: string;
      screenshot: string | null;
      note: string | null;
      error: string | null;
    };
    response: { ok: boolean };
  };
}

export type MessageType = keyof ProtocolMap;

interface Envelope<K extends MessageType = MessageType> {
  type: K;
  data: ProtocolMap[K]['request'];
}

/** Sends a typed message to the background and resolves with its answer. */
export async function sendMessage<K extends MessageType>(
  type: K,
  data: ProtocolMap[K]['request'],
): Promise<ProtocolMap[K]['response']> {
  const envelope: Envelope<K> = { type, data };
  return (await browser.runtime.sendMessage(
    envelope,
  )) as ProtocolMap[K]['response'];
}

export type Handlers = {
  [K in MessageType]: (
    data: ProtocolMap[K]['request'],
    sender: Browser.runtime.MessageSender,
  ) => Promise<ProtocolMap[K]['response']>;
};

/**
 * Answers the typed messages with `handlers`. Handlers answer errors as
 * values: a thrown error would reach the popup as a bare string.
 */
export function onMessages(handlers: Partial<Handlers>): void {
  browser.runtime.onMessage.addListener(
    (message: unknown, sender, sendResponse: (r: unknown) => void) => {
      const envelope = message as Partial<Envelope>;
      if (!envelope.type || !(envelope.type in handlers)) return false;
      const handler = handlers[envelope.type] as (
        data: unknown,
        sender: Browser.runtime.MessageSender,
      ) => Promise<unknown>;
      handler(envelope.data, sender).then(sendResponse, (error: unknown) =>
        sendResponse({ error: String(error) }),
      );
      // Keeps the channel open for the asynchronous answer (Chrome MV3).
      return true;
    },
  );
}
