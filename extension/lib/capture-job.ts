import { storage } from '#imports';
import { lazyItem } from './lazy-item';

/** The captures beyond the instant one of the visible area. */
export type CaptureMode = 'page' | 'element';
/** What a draft's screenshot shows. */
export type CaptureKind = 'visible' | CaptureMode;

/**
 * A whole-page or element capture under way, kept in extension storage by
 * the background: the toolbar popup closes when the page gets focus (to
 * pick an element), so the result waits here until a popup for the same
 * tab and page takes it into its draft.
 */
export interface CaptureJob {
  id: string;
  tabId: number;
  url: string;
  mode: CaptureMode;
  /** picking: the picker waits for a click in the page. */
  status: 'picking' | 'working' | 'done' | 'failed';
  /** What is happening now; `total` > 0 when the steps are counted. */
  progress: { label: string; done: number; total: number } | null;
  /** JPEG data URL within 300 KB, once done. */
  screenshot: string | null;
  /** One line for the user about how it was captured (the fallback). */
  note: string | null;
  error: string | null;
}

export const captureJobItem = lazyItem(() =>
  storage.defineItem<CaptureJob | null>('local:captureJob', {
    fallback: null,
  }),
);

export const CAPTURE_TEXTS = {
  rendering: 'Capturing the whole page…',
  renderingElement: 'Capturing the element…',
  stitching: 'Capturing by scrolling',
  picking:
    'Point at an element on the page and click it. Esc cancels; ↑ and ↓ pick the parent or child.',
  fallbackNote:
    'This page uses styles the page renderer can’t draw, so it was captured by scrolling.',
  scrolledNote: 'Captured by scrolling through the page.',
  failed: 'The page could not be captured. Your feedback is kept.',
  refused:
    'The browser does not allow capturing this page. You can still send feedback.',
} as const;

/** What the background calls in the page after injecting the capture script. */
export interface CaptureApi {
  start(jobId: string, mode: CaptureMode): void;
  cancel(): void;
}

declare global {
  var __peegaCapture: CaptureApi | undefined;
}

/** Labels of the capture choices in the popup. */
export const CAPTURE_LABELS: Record<CaptureKind, string> = {
  visible: 'Visible area',
  page: 'Whole page',
  element: 'Pick an element',
};
