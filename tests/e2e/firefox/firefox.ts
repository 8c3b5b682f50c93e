import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_ADDON_ID } from '../../../shared/domain/extension-build.ts';

export const firefoxPath = process.env.PEEGA_FIREFOX ?? '/usr/bin/firefox-esr';

/**
 * Raw WebDriver BiDi commands over Puppeteer's own session (its BiDi
 * `connection` and a frame's context `_id` are internal, not typed): what
 * Puppeteer has no method for (the chrome scope, navigating to
 * moz-extension://).
 */
interface Bidi {
  send(method: string, params: object): Promise<unknown>;
}
const bidi = (browser: Browser) =>
  (browser as unknown as { connection: Bidi }).connection;
const contextOf = (page: Page) =>
  (page.mainFrame() as unknown as { _id: string })._id;

/** Host names the shop server answers for (Firefox resolves them to 127.0.0.1). */
export const SHOP_HOST = 'shop.peega.test';

/**
 * Debian's firefox-esr, headless, driven by Puppeteer over WebDriver BiDi,
 * with the built Firefox add-on (npm run build:ext:firefox) installed as a
 * temporary add-on, as about:debugging does. See docs/extension.md
 * ("Firefox") for what BiDi can and cannot reach.
 */
export class FirefoxExtension {
  private constructor(
    readonly browser: Browser,
    /** `moz-extension://<uuid>`: fixed per run through a profile pref. */
    readonly base: string,
  ) {}

  /** `prefs`: more profile preferences for this browser. */
  static async launch(
    prefs: Record<string, unknown> = {},
  ): Promise<FirefoxExtension> {
    const uuid = randomUUID();
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath,
      headless: true,
      // BiDi refuses to navigate to moz-extension:// pages (and to reach
      // the browser's own window) without it.
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: {
        // The add-on's internal UUID, otherwise random per profile.
        'extensions.webextensions.uuids': JSON.stringify({
          [FIREFOX_ADDON_ID]: uuid,
        }),
        'network.dns.localDomains': SHOP_HOST,
        ...prefs,
      },
    });
    try {
      await browser.installExtension(path.resolve('.output/firefox-mv3'));
    } catch (error) {
      await browser.close();
      throw error;
    }
    return new FirefoxExtension(browser, `moz-extension://${uuid}`);
  }

  /**
   * Whether BiDi lists the browser window in the chrome scope. Firefox
   * 140.12 ESR (Debian, December 2026) lists only content tabs, even with
   * --remote-allow-system-access, so the popup cannot be opened from a test
   * there; the journeys say so and skip rather than fail on the browser.
   */
  async reachesBrowserWindow(): Promise<boolean> {
    const tree = (await bidi(this.browser).send('browsingContext.getTree', {
      'moz:scope': 'chrome',
    })) as { result: { contexts: { url: string }[] } };
    return tree.result.contexts.some(
      (c) => c.url === 'chrome://browser/content/browser.xhtml',
    );
  }

  /**
   * Runs `expression` in the browser window's privileged (chrome) scope,
   * where Firefox's own extension code lives, and returns its JSON result.
   */
  async chromeScope<T>(expression: string): Promise<T> {
    const conn = bidi(this.browser);
    const tree = (await conn.send('browsingContext.getTree', {
      'moz:scope': 'chrome',
    })) as {
      result: { contexts: { context: string; url: string }[] };
    };
    const win = tree.result.contexts.find(
      (c) => c.url === 'chrome://browser/content/browser.xhtml',
    );
    if (!win)
      throw new Error(
        `No Firefox browser window among ${JSON.stringify(tree.result.contexts.map((c) => c.url))}`,
      );
    const answer = (await conn.send('script.evaluate', {
      expression: `(async () => JSON.stringify(await (async () => { ${expression} })()))()`,
      target: { context: win.context },
      awaitPromise: true,
    })) as {
      result:
        | { type: 'success'; result: { value: string } }
        | { type: 'exception'; exceptionDetails: { text: string } };
    };
    if (answer.result.type !== 'success') {
      throw new Error(answer.result.exceptionDetails.text);
    }
    return JSON.parse(answer.result.result.value) as T;
  }

  /**
   * Clicks Peega's toolbar button for the selected tab, exactly as the
   * keyboard shortcut does (Firefox's own `triggerAction`): activeTab is
   * granted and the real popup opens. Returns the tab and window ids the
   * extension knows them by, and what the extension then has open.
   */
  async clickToolbarButton(): Promise<{
    tabId: number;
    windowId: number;
    activeTab: boolean;
    popupOpen: boolean;
  }> {
    return this.chromeScope(`
      const { ExtensionParent } = ChromeUtils.importESModule(
        'resource://gre/modules/ExtensionParent.sys.mjs');
      const { ViewPopup } = ChromeUtils.importESModule(
        'resource:///modules/ExtensionPopups.sys.mjs');
      const ext = ExtensionParent.GlobalManager.getExtension(${JSON.stringify(FIREFOX_ADDON_ID)});
      const popupOpen = () => [...ext.views].some((v) => v.viewType === 'popup');
      const until = async (open) => {
        for (let i = 0; i < 50; i++) {
          if (popupOpen() === open) return open;
          await new Promise((r) => setTimeout(r, 100));
        }
        return !open;
      };
      // A click while the popup is open closes it, as for a user: the real
      // popup of an earlier click (it stays open headless) is closed first.
      const earlier = ViewPopup.for(ext, window);
      if (earlier) {
        earlier.closePopup();
        await until(false);
      }
      ExtensionParent.apiManager.global.browserActionFor(ext).triggerAction(window);
      const tab = gBrowser.selectedTab;
      const popupView = () => until(true);
      return {
        tabId: ext.tabManager.getWrapper(tab).id,
        windowId: ext.windowManager.getWrapper(window).id,
        activeTab: ext.tabManager.hasActiveTabPermission(tab),
        popupOpen: await popupView(),
      };`);
  }

  /**
   * Firefox's own prompt for an optional permission ("Peega requests
   * additional permissions", the doorhanger `permissions.request` shows in
   * the requesting page's window): waits for it, answers it as the user's
   * Allow (or Cancel) button does, and returns the lines it asked about.
   */
  async answerPermissionPrompt(allow: boolean): Promise<string[]> {
    return this.chromeScope(`
      const allow = ${allow};
      for (let i = 0; i < 100; i++) {
        for (const w of Services.wm.getEnumerator('navigator:browser')) {
          for (const b of w.gBrowser.browsers) {
            const n = w.PopupNotifications.getNotification('addon-webext-permissions', b);
            if (!n) continue;
            const msgs = n.options.customElementOptions.strings.msgs;
            const action = allow ? n.mainAction : n.secondaryActions[0];
            action.callback();
            n.remove();
            return msgs;
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('No permission prompt');`);
  }

  /**
   * Opens an extension page (e.g. `popup.html?tabId=…`): in a new window
   * the page's tab stays the visible one of its own window.
   */
  async open(file: string, type: 'tab' | 'window'): Promise<Page> {
    const page = await this.browser.newPage({ type });
    // page.goto waits for navigation events BiDi does not send for
    // moz-extension:// pages; BiDi's own navigate does not wait for them.
    await bidi(this.browser).send('browsingContext.navigate', {
      context: contextOf(page),
      url: `${this.base}/${file}`,
      wait: 'interactive',
    });
    return page;
  }

  /** Points the add-on at `url` through its options page, as a user does. */
  async setBackend(url: string): Promise<void> {
    const options = await this.open('options.html', 'tab');
    const address = await options.waitForSelector(
      '::-p-aria([role="textbox"][name="Backend address"])',
    );
    await address!.click({ count: 3 });
    await address!.type(url);
    await options.click('::-p-aria([role="button"][name="Save"])');
    await options.waitForSelector(`::-p-text(Saved. Peega answers at ${url}.)`);
    await options.close();
  }

  close() {
    return this.browser.close();
  }
}

/**
 * A tiny web server for the pages the feedback is about: `pages` maps a
 * path to its HTML (`html` alone is served at every path); `/api/…` answers
 * 500, and 404 under `/api/pay/`, as Chromium's e2e routes them, for pages
 * that fail the way real ones do (BROKEN_HTML in tests/e2e/extension/pages/capture-pages.ts).
 */
export async function startShop(html: string | Record<string, string>) {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://shop').pathname;
    if (pathname === '/favicon.ico') {
      // Firefox asks for it; a 404 would be recorded as a failed request.
      res.writeHead(204);
      res.end();
      return;
    }
    if (pathname.startsWith('/api/')) {
      res.writeHead(pathname.startsWith('/api/pay/') ? 404 : 500);
      res.end('no');
      return;
    }
    const body = typeof html === 'string' ? html : html[pathname];
    res.writeHead(body === undefined ? 404 : 200, {
      'content-type': 'text/html; charset=utf-8',
    });
    res.end(body ?? 'Not found');
  });
  await new Promise<void>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve()),
  );
  const { port } = server.address() as AddressInfo;
  const origin = `http://${SHOP_HOST}:${port}`;
  return {
    origin,
    url: `${origin}/cart`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
