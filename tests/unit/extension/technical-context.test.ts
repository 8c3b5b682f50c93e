import { afterEach, describe, expect, it, vi } from 'vitest';
import { installContextHook } from '@ext/lib/context/hook';
import { parseRecord, type HookRecord } from '@ext/lib/context/records';
import { createRelay } from '@ext/lib/context/relay';
import { appendToLog, type LogEntries } from '@ext/lib/context/tab-log';
import { patternHost, sitePattern } from '@ext/lib/context/site-access';
import { osName } from '@ext/lib/browser-name';
import { environmentOf } from '@ext/lib/new-draft';
import {
  consoleEntry,
  contextLines,
  failedRequest,
  selectContext,
} from '@shared/domain/technical-context';

afterEach(() => {
  vi.useRealTimers();
});

/** A fresh window-like object for the hook, with fetch and XHR fakes. */
function fakeWindow(fetchImpl: typeof fetch) {
  const target = new EventTarget();
  class FakeXhr extends EventTarget {
    status = 0;
    responseURL = '';
    open(_m: string, _u: string) {}
    send() {}
  }
  const win = {
    console: { error: vi.fn() },
    fetch: fetchImpl,
    Request,
    XMLHttpRequest: FakeXhr,
    ErrorEvent,
    PerformanceObserver: undefined,
    location: { href: 'https://shop.test/checkout' },
    addEventListener: target.addEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
  };
  return { win: win as unknown as Window & typeof globalThis };
}

describe('the page hook', () => {
  it('reports console.error, failed fetches and failed XHRs, and still calls through', async () => {
    const records: HookRecord[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('fine')
        ? new Response('fine', { status: 200 })
        : new Response('no', { status: 503 }),
    ) as unknown as typeof fetch;
    const { win } = fakeWindow(fetchImpl);
    const originalError = win.console.error;
    installContextHook(win, (r) => records.push(r));
    installContextHook(win, (r) => records.push(r)); // once only

    win.console.error('Boom', new TypeError('x is undefined'), { a: 1 });
    expect(originalError).toHaveBeenCalledTimes(1);
    await win.fetch('/api/fine');
    const res = await win.fetch('/api/cart?token=1', { method: 'post' });
    expect(res.status).toBe(503);
    const xhr = new win.XMLHttpRequest() as XMLHttpRequest & { status: number };
    xhr.open('PUT', '/api/pay');
    xhr.send();
    xhr.status = 404;
    xhr.dispatchEvent(new Event('loadend'));
    win.dispatchEvent(
      new ErrorEvent('error', { message: 'Uncaught Error: late' }),
    );

    expect(records.map(({ time: _t, ...r }) => r)).toEqual([
      {
        t: 'console',
        kind: 'error',
        message: 'Boom TypeError: x is undefined {"a":1}',
      },
      {
        t: 'request',
        method: 'POST',
        status: 503,
        url: 'https://shop.test/api/cart?token=1',
      },
      {
        t: 'request',
        method: 'PUT',
        status: 404,
        url: 'https://shop.test/api/pay',
      },
      { t: 'console', kind: 'error', message: 'Uncaught Error: late' },
    ]);
  });

  it('reports a fetch with no response as status 0, but not an abort', async () => {
    const records: HookRecord[] = [];
    let abort = false;
    const { win } = fakeWindow((async () => {
      throw abort
        ? new DOMException('aborted', 'AbortError')
        : new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    installContextHook(win, (r) => records.push(r));
    await expect(win.fetch('https://api.test/x')).rejects.toThrow();
    abort = true;
    await expect(win.fetch('https://api.test/y')).rejects.toThrow();
    expect(records).toMatchObject([
      { t: 'request', method: 'GET', status: 0, url: 'https://api.test/x' },
    ]);
  });

  it('never breaks the page when reporting fails', () => {
    const { win } = fakeWindow(fetch);
    installContextHook(win, () => {
      throw new Error('relay gone');
    });
    expect(() => win.console.error('still logs')).not.toThrow();
  });
});

describe('the relay', () => {
  it('masks what the page reports, drops the query and sends in one batch', () => {
    vi.useFakeTimers();
    const batches: LogEntries[] = [];
    const relay = createRelay((b) => batches.push(b), 500);
    const at = Date.parse('2026-11-26T10:00:00.400Z');
    relay(
      JSON.stringify({
        t: 'console',
        kind: 'error',
        message: 'No user jane@shop.test token=abc',
        time: at,
      }),
    );
    relay(
      JSON.stringify({
        t: 'request',
        method: 'post',
        status: 500,
        url: 'https://shop.test/api/cart?session=1#x',
        time: at,
      }),
    );
    relay('not json');
    relay({ t: 'console' });
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(500);
    expect(batches).toEqual([
      {
        consoleErrors: [
          {
            kind: 'error',
            message: 'No user [email] token=[secret]',
            at: '2026-11-26T10:00:00.000Z',
          },
        ],
        failedRequests: [
          {
            method: 'POST',
            status: 500,
            url: 'https://shop.test/api/cart',
            at: '2026-11-26T10:00:00.000Z',
          },
        ],
      },
    ]);
  });

  it('keeps at most the last 50 of each list per batch', () => {
    vi.useFakeTimers();
    const batches: LogEntries[] = [];
    const relay = createRelay((b) => batches.push(b), 100);
    for (let i = 0; i < 120; i++) {
      relay(
        JSON.stringify({
          t: 'console',
          kind: 'error',
          message: `e${i}`,
          time: 0,
        }),
      );
    }
    vi.advanceTimersByTime(100);
    expect(batches[0]!.consoleErrors).toHaveLength(50);
    expect(batches[0]!.consoleErrors[0]!.message).toBe('e70');
  });

  it('reads only well-formed records', () => {
    expect(
      parseRecord(
        '{"t":"request","method":"GET","status":"500","url":"x","time":1}',
      ),
    ).toBeNull();
    expect(parseRecord('x'.repeat(20_001))).toBeNull();
  });
});

describe('the tab log', () => {
  const entry = (n: number) => consoleEntry('error', `e${n}`, n * 1000);
  it('keeps the last 50 of each list, and starts again on another site', () => {
    let log = appendToLog(null, 'https://a.test/*', {
      consoleErrors: Array.from({ length: 40 }, (_, i) => entry(i)),
      failedRequests: [failedRequest('GET', 404, 'https://a.test/x', 0)],
    });
    log = appendToLog(log, 'https://a.test/*', {
      consoleErrors: Array.from({ length: 20 }, (_, i) => entry(40 + i)),
      failedRequests: [],
    });
    expect(log.consoleErrors).toHaveLength(50);
    expect(log.consoleErrors[0]!.message).toBe('e10');
    expect(log.failedRequests).toHaveLength(1);
    const moved = appendToLog(log, 'https://b.test/*', {
      consoleErrors: [entry(99)],
      failedRequests: [],
    });
    expect(moved).toEqual({
      site: 'https://b.test/*',
      consoleErrors: [entry(99)],
      failedRequests: [],
    });
  });
});

describe('sites and the environment', () => {
  it('asks for a site as scheme and host only; pages that are no site have none', () => {
    expect(sitePattern('https://shop.test:8443/cart?x=1')).toBe(
      'https://shop.test/*',
    );
    expect(sitePattern('http://127.0.0.1:3000/')).toBe('http://127.0.0.1/*');
    expect(sitePattern('chrome://extensions')).toBeNull();
    expect(sitePattern('file:///tmp/a.html')).toBeNull();
    expect(sitePattern(undefined)).toBeNull();
    expect(patternHost('https://shop.test/*')).toBe('shop.test');
  });

  it('names the OS from the client hint or the user agent', () => {
    expect(osName('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Linux');
    expect(osName('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows');
    expect(osName('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)')).toBe(
      'macOS',
    );
    expect(osName('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('Android');
    expect(
      osName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'),
    ).toBe('iOS');
    expect(osName('anything', 'Windows')).toBe('Windows');
  });

  it('takes only well-formed environment values', () => {
    const page = {
      url: 'https://x.test/',
      title: '',
      host: 'x.test',
      siteName: null,
    };
    expect(
      environmentOf(
        {
          ...page,
          viewport: '1280×720',
          devicePixelRatio: 2,
          language: 'en-GB',
        },
        { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' },
      ),
    ).toEqual({
      browser: 'Chrome 156',
      os: 'Linux',
      viewport: '1280×720',
      devicePixelRatio: 2,
      language: 'en-GB',
    });
    expect(
      environmentOf(
        {
          ...page,
          viewport: '',
          devicePixelRatio: 99,
          language: 'not a language!',
        },
        { userAgent: 'x' },
      ),
    ).toEqual({ browser: 'Unknown browser', os: 'Unknown OS' });
  });

  it('lists every line once and leaves out exactly the unticked ones', () => {
    const context = {
      environment: { browser: 'Chrome 156', language: 'en' },
      consoleErrors: [
        consoleEntry('error', 'a', 0),
        consoleEntry('rejection', 'b', 0),
      ],
      failedRequests: [failedRequest('GET', 0, 'https://x.test/y', 0)],
    };
    const lines = contextLines(context);
    expect(lines.map((l) => l.text)).toEqual([
      'Browser: Chrome 156',
      'Language: en',
      'Error: a',
      'Unhandled rejection: b',
      'GET https://x.test/y → network error',
    ]);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    expect(selectContext(context, [lines[1]!.id, lines[3]!.id])).toEqual({
      environment: { browser: 'Chrome 156' },
      consoleErrors: [context.consoleErrors[0]],
      failedRequests: context.failedRequests,
    });
    expect(
      selectContext(
        context,
        lines.map((l) => l.id),
      ),
    ).toBeNull();
  });
});
