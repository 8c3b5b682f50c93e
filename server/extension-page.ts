import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EXTENSION_PERMISSIONS } from '../shared/domain/extension-permissions.ts';
import { EXTENSION_BACKEND_FILE } from '../shared/domain/public-url.ts';
import { jsonResponse, type PageResponse } from './http.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!,
  );

/**
 * Which backend the built extension talks to, and how to change it: the
 * address recorded at build time, a warning when it is not this server,
 * and the extension's Options.
 */
function backendSection(outputDir: string, publicUrl: string): string {
  const file = path.join(outputDir, EXTENSION_BACKEND_FILE);
  const builtFor = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  const here = escapeHtml(publicUrl);
  const lines = [
    builtFor
      ? `<p data-testid="extension-backend">This build of the extension talks to <code>${escapeHtml(builtFor)}</code>.</p>`
      : `<p data-testid="extension-backend">Built with <code>npm run build:ext</code>, the extension talks to <code>${here}</code> (<code>PEEGA_PUBLIC_URL</code>, else <code>http://localhost:$PORT</code>).</p>`,
  ];
  if (builtFor && builtFor !== publicUrl) {
    lines.push(
      `<p class="warn" role="alert">This site's backend is <code>${here}</code>: change the extension's backend address to it, or build it again with <code>PEEGA_PUBLIC_URL=${here} npm run build:ext</code> (<code>npm start</code> does this by itself).</p>`,
    );
  }
  lines.push(
    `<p>To use another Peega backend, open the extension's <strong>Options</strong> (right-click the Peega icon → Options) and change the <strong>Backend address</strong>.</p>`,
  );
  return lines.join('\n');
}

/** Why the extension asks for each permission (issue #26; the same texts as the manifest and docs). */
function permissionsSection(): string {
  const rows = EXTENSION_PERMISSIONS.map(
    (p) =>
      `<li><strong>${escapeHtml(p.permission)}</strong>: ${escapeHtml(p.why)}</li>`,
  ).join('\n');
  return `<h2>What it may do, and why</h2>
<p>Peega asks for no access to any website up front.</p>
<ul data-testid="extension-permissions">
${rows}
</ul>`;
}

/**
 * `/extension`: where "Download Extension" points in the embedded setup
 * (DECISIONS: instructions for loading the built extension, and its zip when built).
 */
export function createExtensionPage(
  outputDir: string,
  /** The backend's address (read per request: tests learn it after listen). */
  publicUrl: () => string,
): (subPath: string) => Promise<PageResponse> {
  const findZip = () =>
    existsSync(outputDir)
      ? readdirSync(outputDir).find((f) => /-chrome\.zip$/.test(f))
      : undefined;
  return async (subPath) => {
    const zip = findZip();
    if (subPath === '/peega-chrome.zip') {
      if (!zip)
        return jsonResponse(404, {
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
    if (subPath !== '/' && subPath !== '')
      return jsonResponse(404, { message: 'Not found' });
    const unpacked = path.join(outputDir, 'chrome-mv3');
    const built = existsSync(path.join(unpacked, 'manifest.json'));
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Install the Peega extension</title><style>
body{font:16px/1.6 system-ui,sans-serif;margin:0;background:#f5f3ff;color:#1f1147}
main{max-width:680px;margin:48px auto;padding:32px;background:#fff;border-radius:16px;box-shadow:0 8px 30px #6d28d91a}
h1{margin-top:0;color:#6d28d9}code{background:#ede9fe;padding:2px 6px;border-radius:6px;overflow-wrap:anywhere}
.warn{background:#fef3c7;color:#78350f;padding:10px 14px;border-radius:10px}
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
${backendSection(outputDir, publicUrl())}
${permissionsSection()}
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
