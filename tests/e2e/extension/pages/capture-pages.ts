import type { BrowserContext, Page } from '@playwright/test';

/** Black and white bars 20 px wide down the whole of a `height` px page: blur shows as lost contrast. */
function bars(height: number, black: string): string {
  let html = '';
  for (let x = 0; x < 1400; x += 40) {
    html += `<div style="position:absolute;top:0;left:${x}px;width:20px;height:${height}px;background:${black}"></div>`;
  }
  return html;
}

/** A 10,000 px page: bars, a heading every 1,000 px and a red band at the very bottom. */
export const TALL_URL = 'http://tall.peega.test/article';
export const TALL_HTML = `<!doctype html><html><head><title>Long read | Tall</title>
<style>body{margin:0;background:#fff;font:24px sans-serif}
h2{position:absolute;left:20px;margin:0;background:#fff;padding:4px}</style></head>
<body><div style="position:relative;height:10000px;overflow:hidden">${bars(10000, '#000')}
${Array.from({ length: 10 }, (_, i) => `<h2 style="top:${i * 1000 + 40}px">Section ${i + 1}</h2>`).join('')}
<div style="position:absolute;left:0;right:0;top:9800px;height:200px;background:#e00"></div>
</div></body></html>`;

/**
 * A 3,000 px page coloured with `oklch()`, which html2canvas 1.4.1 cannot
 * parse: the capture falls back to scrolling and stitching.
 */
export const OKLCH_URL = 'http://modern.peega.test/pricing';
export const OKLCH_HTML = `<!doctype html><html><head><title>Pricing | Modern</title>
<style>body{margin:0;background:oklch(1 0 0);color:oklch(0.2 0 0);font:24px sans-serif}
header{position:fixed;z-index:1;top:0;left:0;right:0;height:60px;background:oklch(0.45 0.2 265);color:#fff}</style></head>
<body><header>Modern</header><div style="position:relative;height:3000px;overflow:hidden">${bars(3000, 'oklch(0 0 0)')}
<div style="position:absolute;left:0;right:0;top:2800px;height:200px;background:oklch(0.6 0.25 29)"></div>
</div></body></html>`;

/** A page with one red card (300×200) to pick among other content. */
export const CARD_URL = 'http://cards.peega.test/product';
export const CARD_HTML = `<!doctype html><html><head><title>Product | Cards</title>
<style>body{margin:0;background:#dbeafe;font:18px sans-serif}
#card{position:absolute;left:200px;top:240px;width:300px;height:200px;background:#e00;color:#fff}
#other{position:absolute;left:600px;top:240px;width:300px;height:200px;background:#16a34a}</style></head>
<body><h1 style="margin:20px">A product page</h1><div id="card">Broken price</div><div id="other">Reviews</div></body></html>`;

/** A page that fails the way real ones do: at load, and on a click. */
export const BROKEN_HTML = `<!doctype html><html><head><title>Checkout</title></head><body>
<h1>Checkout</h1><button id="pay">Pay</button>
<script>
  console.error('Checkout failed for jane@shop.test token=abc123');
  fetch('/api/cart?session=xyz', { method: 'POST' });
  Promise.reject(new Error('Payment service unavailable'));
  document.getElementById('pay').onclick = () => {
    const x = new XMLHttpRequest();
    x.open('GET', '/api/pay/9f86d081884c7d659a2feaa0c55ad015');
    x.send();
  };
</script></body></html>`;

/** Serves `html` at `url` for the context and opens it in its first tab. */
export async function openFixture(
  context: BrowserContext,
  url: string,
  html: string,
): Promise<Page> {
  await context.route(`${new URL(url).origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: html }),
  );
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  return page;
}

export interface JpegProbe {
  name: string;
  x0: number;
  x1: number;
  y: number;
}

/**
 * Width, height and a few measures of a JPEG (base64), decoded by the page
 * it runs in: serialised and run there by Playwright's or Puppeteer's
 * `evaluate`, so it uses nothing from outside. Each probe reads one row
 * (`y`) between `x0` and `x1` (fractions of the image): the mean colour,
 * the spread of green and how many sharp edges it crosses.
 */
export async function measureJpeg({
  b64,
  probes,
}: {
  b64: string;
  probes: JpegProbe[];
}) {
  const img = new Image();
  img.src = `data:image/jpeg;base64,${b64}`;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.width;
  c.height = img.height;
  const ctx = c.getContext('2d')!;
  ctx.drawImage(img, 0, 0);
  const out: Record<
    string,
    { spread: number; edges: number; r: number; g: number; b: number }
  > = {};
  for (const p of probes) {
    const x0 = Math.floor(p.x0 * img.width);
    const w = Math.max(1, Math.floor((p.x1 - p.x0) * img.width));
    const d = ctx.getImageData(x0, Math.floor(p.y * img.height), w, 1).data;
    let min = 255;
    let max = 0;
    let r = 0;
    let g = 0;
    let b = 0;
    let edges = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (i > 0 && Math.abs(d[i + 1]! - d[i - 3]!) > 60) edges++;
      min = Math.min(min, d[i + 1]!);
      max = Math.max(max, d[i + 1]!);
      r += d[i]!;
      g += d[i + 1]!;
      b += d[i + 2]!;
    }
    const n = d.length / 4;
    out[p.name] = { spread: max - min, edges, r: r / n, g: g / n, b: b / n };
  }
  return { width: img.width, height: img.height, probes: out };
}

/** {@link measureJpeg} of an uploaded JPEG, decoded in `page`. */
export function inspectJpeg(page: Page, jpeg: Buffer, probes: JpegProbe[]) {
  return page.evaluate(measureJpeg, { b64: jpeg.toString('base64'), probes });
}
