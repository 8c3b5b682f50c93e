import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { json, type Handler } from './http.ts';

/**
 * `/extension`: where "Download Extension" points in the embedded setup
 * (DECISIONS: instructions for loading the built extension, and its zip when built).
 */
export function createExtensionPage(outputDir: string): Handler {
  const findZip = () =>
    existsSync(outputDir)
      ? readdirSync(outputDir).find((f) => /-chrome\.zip$/.test(f))
      : undefined;
  return async (req) => {
    const zip = findZip();
    if (req.path === '/peega-chrome.zip') {
      if (!zip)
        return json(404, {
          message: 'The extension zip is not built (npm run zip:ext)',
        });
      return {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="peega-chrome.zip"',
        },
        body: await readFile(path.join(outputDir, zip)),
      };
    }
    if (req.path !== '/' && req.path !== '')
      return json(404, { message: 'Not found' });
    const unpacked = path.join(outputDir, 'chrome-mv3');
    const built = existsSync(path.join(unpacked, 'manifest.json'));
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Install the Peega extension</title><style>
body{font:16px/1.6 system-ui,sans-serif;margin:0;background:#f5f3ff;color:#1f1147}
main{max-width:680px;margin:48px auto;padding:32px;background:#fff;border-radius:16px;box-shadow:0 8px 30px #6d28d91a}
h1{margin-top:0;color:#6d28d9}code{background:#ede9fe;padding:2px 6px;border-radius:6px}
a.btn{display:inline-block;background:#6d28d9;color:#fff;padding:10px 18px;border-radius:10px;text-decoration:none}
</style></head><body><main>
<h1>Install the Peega extension</h1>
<p>Peega's browser extension lets you send feedback about any website in two clicks.</p>
<ol>
<li>Open <code>chrome://extensions</code> in Chrome or Chromium.</li>
<li>Switch on <strong>Developer mode</strong> (top right).</li>
<li>Click <strong>Load unpacked</strong> and choose the folder <code>${built ? unpacked.replace(/[<>&]/g, '') : '.output/chrome-mv3'}</code>${built ? '' : ' (build it first with <code>npm run build:ext</code>)'}.</li>
<li>Pin Peega to the toolbar and click it on any page.</li>
</ol>
${zip ? '<p><a class="btn" href="/extension/peega-chrome.zip">Download the extension (.zip)</a></p>' : ''}
<p><a href="/">Back to Peega</a></p>
</main></body></html>`;
    return {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
      },
      body,
    };
  };
}
