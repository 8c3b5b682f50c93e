/** Largest screenshot the extension sends (the 300 KB). */
export const MAX_SCREENSHOT_BYTES = 300 * 1024;

/** Decoded size in bytes of a base64 data URL. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** The bytes of a base64 data URL as a Blob of its declared type. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type =
    /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * Why the browser will not let an extension capture or read a page, in
 * words for the user; null when capture should work. Browser pages, the
 * Web Store and PDFs (shown by the browser's own viewer) are protected.
 */
export function captureRestriction(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'This page can’t be captured. You can still send feedback without a screenshot.';
  }
  const browserPage =
    /^(chrome|edge|brave|opera|vivaldi|about|chrome-extension|moz-extension|devtools|view-source|chrome-search|chrome-untrusted):$/;
  if (browserPage.test(parsed.protocol)) {
    return 'Browser pages can’t be captured. You can still send feedback without a screenshot.';
  }
  const host = parsed.hostname.toLowerCase();
  if (
    host === 'chromewebstore.google.com' ||
    (host === 'chrome.google.com' && parsed.pathname.startsWith('/webstore')) ||
    host === 'microsoftedge.microsoft.com'
  ) {
    return 'The browser protects its extension store from screenshots. You can still send feedback without one.';
  }
  if (/\.pdf$/i.test(parsed.pathname)) {
    return 'PDF files open in the browser’s own viewer, which can’t be captured. You can still send feedback without a screenshot.';
  }
  if (parsed.protocol === 'file:') {
    return 'Local files can’t be captured. You can still send feedback without a screenshot.';
  }
  return null;
}

/**
 * Re-encodes a JPEG data URL until it fits {@link MAX_SCREENSHOT_BYTES}:
 * lower quality first, then a smaller size.
 */
export async function shrinkJpeg(
  dataUrl: string,
  maxBytes = MAX_SCREENSHOT_BYTES,
): Promise<string> {
  if (dataUrlBytes(dataUrl) <= maxBytes) return dataUrl;
  const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
  let scale = 1;
  for (let attempt = 0; attempt < 8; attempt++) {
    const quality = attempt < 3 ? [0.65, 0.5, 0.4][attempt]! : 0.5;
    if (attempt >= 3) scale *= 0.75;
    const canvas = new OffscreenCanvas(
      Math.round(bitmap.width * scale),
      Math.round(bitmap.height * scale),
    );
    canvas
      .getContext('2d')!
      .drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    if (blob.size <= maxBytes) return blobToDataUrl(blob);
  }
  throw new Error('The screenshot could not be made small enough.');
}

async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${blob.type};base64,${btoa(binary)}`;
}
