import { CONTEXT_EVENT, type HookRecord } from './records';

const INSTALLED = Symbol.for('peega.contextHook');

/** A console argument or a rejection reason as one line of text. */
export function describeValue(value: unknown): string {
  if (value instanceof Error) {
    return `${value.name}: ${value.message}`;
  }
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Runs in the page's own world (MAIN) on sites the user opted in for:
 * console.error, uncaught errors, unhandled rejections, fetch and XHR
 * responses that failed (4xx/5xx, or no response), and other resources
 * that answered 4xx/5xx (Resource Timing's responseStatus). It only
 * observes: every original is called as before, and nothing it does may
 * throw into the page.
 */
export function installContextHook(
  win: Window & typeof globalThis,
  emit: (record: HookRecord) => void = (record) =>
    win.document.dispatchEvent(
      new CustomEvent(CONTEXT_EVENT, { detail: JSON.stringify(record) }),
    ),
): void {
  const flagged = win as unknown as Record<symbol, boolean>;
  if (flagged[INSTALLED]) return;
  flagged[INSTALLED] = true;
  const safeEmit = (record: HookRecord) => {
    try {
      emit(record);
    } catch {
      // Recording must never break the page.
    }
  };
  const now = () => Date.now();
  const absolute = (url: string) => {
    try {
      return new URL(url, win.location.href).href;
    } catch {
      return url;
    }
  };

  const originalError = win.console.error;
  win.console.error = function (...args: unknown[]) {
    safeEmit({
      t: 'console',
      kind: 'error',
      message: args.map(describeValue).join(' '),
      time: now(),
    });
    return originalError.apply(this, args);
  };

  win.addEventListener('error', (event) => {
    // Resource load errors reach window in the capture phase only and are
    // not ErrorEvents; they are covered by Resource Timing below.
    if (!(event instanceof win.ErrorEvent)) return;
    safeEmit({
      t: 'console',
      kind: 'error',
      message:
        event.message ||
        describeValue((event as ErrorEvent).error ?? 'Script error'),
      time: now(),
    });
  });
  win.addEventListener('unhandledrejection', (event) => {
    safeEmit({
      t: 'console',
      kind: 'rejection',
      message: describeValue(event.reason),
      time: now(),
    });
  });

  const request = (method: string, status: number, url: string) =>
    safeEmit({
      t: 'request',
      method: method.toUpperCase(),
      status,
      url: absolute(url),
      time: now(),
    });

  const originalFetch = win.fetch;
  if (typeof originalFetch === 'function') {
    win.fetch = function (
      this: unknown,
      input: RequestInfo | URL,
      init?: RequestInit,
    ) {
      const isRequest =
        typeof win.Request === 'function' && input instanceof win.Request;
      const method = init?.method ?? (isRequest ? input.method : 'GET');
      const url = isRequest ? input.url : String(input);
      return originalFetch.call(this, input, init).then(
        (response) => {
          // Opaque (no-cors) responses have no status to tell.
          if (!response.ok && response.type !== 'opaque') {
            request(method, response.status, response.url || url);
          }
          return response;
        },
        (error: unknown) => {
          if ((error as { name?: string } | null)?.name !== 'AbortError') {
            request(method, 0, url);
          }
          throw error;
        },
      );
    } as typeof win.fetch;
  }

  const Xhr = win.XMLHttpRequest;
  if (typeof Xhr === 'function') {
    const opened = new WeakMap<XMLHttpRequest, [string, string]>();
    const originalOpen = Xhr.prototype.open;
    Xhr.prototype.open = function (
      this: XMLHttpRequest,
      method: string,
      url: string | URL,
      ...rest: unknown[]
    ) {
      opened.set(this, [method, String(url)]);
      return (originalOpen as (...a: unknown[]) => void).call(
        this,
        method,
        url,
        ...rest,
      );
    } as typeof Xhr.prototype.open;
    const originalSend = Xhr.prototype.send;
    Xhr.prototype.send = function (
      this: XMLHttpRequest,
      body?: Document | XMLHttpRequestBodyInit | null,
    ) {
      let aborted = false;
      this.addEventListener('abort', () => (aborted = true));
      this.addEventListener('loadend', () => {
        const [method, url] = opened.get(this) ?? ['GET', ''];
        if (this.status >= 400 || (this.status === 0 && !aborted)) {
          request(method, this.status, this.responseURL || url);
        }
      });
      return originalSend.call(this, body);
    };
  }

  // Images, scripts, styles… that answered 4xx/5xx (fetch and XHR are
  // reported above, with their method).
  try {
    new win.PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        const status = entry.responseStatus;
        if (
          typeof status === 'number' &&
          status >= 400 &&
          entry.initiatorType !== 'fetch' &&
          entry.initiatorType !== 'xmlhttprequest'
        ) {
          request('GET', status, entry.name);
        }
      }
    }).observe({ type: 'resource', buffered: true });
  } catch {
    // No Resource Timing here: fetch and XHR are still recorded.
  }
}
