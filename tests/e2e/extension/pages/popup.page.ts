import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * The toolbar popup, opened the way a user does: CDP
 * `Extensions.triggerAction` on the page's tab grants activeTab exactly like
 * a toolbar click (TOOLING.md §3). The real popup is not a Playwright page,
 * so the same popup.html is then opened in its own window for that tab (the
 * extension's context-menu fallback) and driven there.
 */
export class PopupPage {
  constructor(readonly page: Page) {}

  static async open(
    context: BrowserContext,
    extensionId: string,
    target: Page,
  ): Promise<PopupPage> {
    const cdp = await context.browser()!.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send('Target.getTargets', {
      filter: [{ type: 'tab' }],
    })) as { targetInfos: { targetId: string; url: string }[] };
    const tab = targetInfos.find((t) => t.url === target.url());
    if (!tab) throw new Error(`No tab target for ${target.url()}`);
    await cdp.send('Extensions.triggerAction', {
      id: extensionId,
      targetId: tab.targetId,
    });
    await cdp.detach();
    const worker = context.serviceWorkers()[0]!;
    const pageUrl = target.url();
    const opened = context.waitForEvent('page');
    await worker.evaluate(async (url) => {
      const tabs = await chrome.tabs.query({});
      const t = tabs.find((x) => x.url === url);
      if (!t?.id) throw new Error('page tab not visible to the extension');
      await chrome.windows.create({
        url: chrome.runtime.getURL(
          `/popup.html?tabId=${t.id}&windowId=${t.windowId}`,
        ),
        type: 'popup',
        width: 400,
        height: 760,
      });
    }, pageUrl);
    const popup = await opened;
    await popup.waitForLoadState();
    await popup.setViewportSize({ width: 400, height: 900 });
    return new PopupPage(popup);
  }

  field(label: string | RegExp) {
    return this.page.getByLabel(label);
  }

  async signIn(email: string, password: string) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
    await expect(this.page.getByLabel('Your feedback')).toBeVisible();
  }

  preview() {
    return this.page.getByTestId('screenshot-preview');
  }

  submit() {
    return this.page.getByRole('button', {
      name: /^(Send feedback|Try again)/,
    });
  }

  /** Drags a rectangle over the preview, in fractions of its size. */
  async blur(x: number, y: number, w: number, h: number) {
    const box = (await this.preview().boundingBox())!;
    await this.page.mouse.move(box.x + box.width * x, box.y + box.height * y);
    await this.page.mouse.down();
    await this.page.mouse.move(
      box.x + box.width * (x + w),
      box.y + box.height * (y + h),
      { steps: 4 },
    );
    await this.page.mouse.up();
    await expect(this.page.getByText(/1 region blurred/)).toBeVisible();
  }
}

/** Points the extension at a backend through its options page. */
export async function setBackend(
  context: BrowserContext,
  extensionId: string,
  url: string,
) {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByLabel('Backend address').fill(url);
  await options.getByRole('button', { name: 'Save' }).click();
  // Saving asks the backend for its configuration: on a busy 2-core
  // machine the first answer of a fresh proxy has taken over 5 s.
  await expect(
    options.getByText(`Saved. Peega answers at ${url}.`),
  ).toBeVisible({ timeout: 15_000 });
  await options.close();
}

/**
 * How much the stripes of {@link SHOP_HTML}'s two panels still vary across
 * a middle row of an uploaded JPEG (0 = flat): a blurred panel is near 0, a
 * sharp one near 255.
 */
export async function stripeSpread(page: Page, jpeg: Buffer) {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/jpeg;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const spread = (x0: number) => {
      const d = ctx.getImageData(x0, img.height / 2, img.width * 0.2, 1).data;
      let min = 255;
      let max = 0;
      for (let i = 0; i < d.length; i += 4) {
        min = Math.min(min, d[i]!);
        max = Math.max(max, d[i]!);
      }
      return max - min;
    };
    return { left: spread(img.width * 0.15), right: spread(img.width * 0.65) };
  }, jpeg.toString('base64'));
}

/**
 * How many pixels of a region (fractions of the image) of an uploaded JPEG
 * are the annotations' red: {@link SHOP_HTML} is black and white only.
 */
export async function redPixels(
  page: Page,
  jpeg: Buffer,
  region: { x: number; y: number; w: number; h: number },
) {
  return page.evaluate(
    async ({ b64, r }) => {
      const img = new Image();
      img.src = `data:image/jpeg;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(
        r.x * img.width,
        r.y * img.height,
        Math.max(1, r.w * img.width),
        Math.max(1, r.h * img.height),
      ).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (d[i]! > 170 && d[i + 1]! < 90 && d[i + 2]! < 120) n += 1;
      }
      return n;
    },
    { b64: jpeg.toString('base64'), r: region },
  );
}

/**
 * A shop page with two identical striped panels: the left one gets
 * blurred in the test, the right one stays sharp for comparison.
 */
export const SHOP_URL = 'http://shop.peega.test/cart';
export const SHOP_HTML = `<!doctype html><html><head>
<meta property="og:site_name" content="Acme Shop"><title>Cart | Acme</title>
<style>body{margin:0;font:16px sans-serif}
.s{position:absolute;top:0;width:50vw;height:100vh;background:repeating-linear-gradient(90deg,#000 0 6px,#fff 6px 12px)}
#l{left:0}#r{left:50vw}</style></head>
<body><div class="s" id="l"></div><div class="s" id="r"></div></body></html>`;
