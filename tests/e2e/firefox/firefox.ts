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

  static async launch(): Promise<FirefoxExtension> {
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
    if (!win) throw new Error('No Firefox browser window');
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
      const ext = ExtensionParent.GlobalManager.getExtension(${JSON.stringify(FIREFOX_ADDON_ID)});
      ExtensionParent.apiManager.global.browserActionFor(ext).triggerAction(window);
      const tab = gBrowser.selectedTab;
      const popupView = async () => {
        for (let i = 0; i < 50; i++) {
          if ([...ext.views].some((v) => v.viewType === 'popup')) return true;
          await new Promise((r) => setTimeout(r, 100));
        }
        return false;
      };
      return {
        tabId: ext.tabManager.getWrapper(tab).id,
        windowId: ext.windowManager.getWrapper(window).id,
        activeTab: ext.tabManager.hasActiveTabPermission(tab),
        popupOpen: await popupView(),
      };`);
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

  close() {
    return this.browser.close();
  }
}

/** A tiny web server for the page the feedback is about. */
export async function startShop(html: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve()),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${SHOP_HOST}:${port}/cart`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
