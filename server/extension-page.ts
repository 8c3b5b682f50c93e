import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EXTENSION_PERMISSIONS } from '../shared/domain/extension-permissions.ts';
import {
  extensionBackendFile,
  extensionBuildCommand,
} from '../shared/domain/public-url.ts';
import { jsonResponse, type PageResponse } from './http.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!,
  );

/** The address a browser's build was made for, if it was built. */
function builtFor(outputDir: string, browser: string): string {
  const file = path.join(outputDir, extensionBackendFile(browser));
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
}

/**
 * Which backend a browser's build talks to: the address recorded at build
 * time, and a warning with the command that builds it for this server when
 * it is another.
 */
function buildBackend(
  outputDir: string,
  browser: string,
  script: string,
  publicUrl: string,
): string {
  const recorded = builtFor(outputDir, browser);
  if (!recorded) return '';
  const here = escapeHtml(publicUrl);
  const lines = [
    `<p data-testid="extension-backend-${browser}">This build of the extension talks to <code>${escapeHtml(recorded)}</code>.</p>`,
  ];
  if (recorded !== publicUrl)
    lines.push(
      `<p class="warn" role="alert">This site's backend is <code>${here}</code>: change the extension's backend address to it, or build it again with <code>${escapeHtml(extensionBuildCommand(script, publicUrl))}</code>${browser === 'chrome' ? ' (<code>npm start</code> does this by itself)' : ''}.</p>`,
    );
  return lines.join('\n');
}

/** How to point a build at another backend. */
function backendSection(publicUrl: string): string {
  return `<h2>Its backend</h2>
<p>Built by the commands above, the extension talks to this site, <code>${escapeHtml(publicUrl)}</code>.</p>
<p>To use another Peega backend, open the extension's <strong>Options</strong> (right-click the Peega icon → Options) and change the <strong>Backend address</strong>.</p>`;
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

/** The two builds: where each unpacked build and zip is, and how to load it. */
const BUILDS = [
  {
    browser: 'chrome',
    label: 'Chrome or Chromium',
    folder: 'chrome-mv3',
    build: 'build:ext',
    zip: 'npm run zip:ext',
    steps: (folder: string) => [
      'Open <code>chrome://extensions</code>.',
      'Switch on <strong>Developer mode</strong> (top right).',
      `Click <strong>Load unpacked</strong> and choose the folder ${folder}.`,
    ],
  },
  {
    browser: 'firefox',
    label: 'Firefox',
    folder: 'firefox-mv3',
    build: 'build:ext:firefox',
    zip: 'npm run zip:ext:firefox',
    steps: (folder: string) => [
      'Open <code>about:debugging#/runtime/this-firefox</code>.',
      `Click <strong>Load Temporary Add-on…</strong> and choose <code>manifest.json</code> in the folder ${folder} (or the downloaded zip). Firefox keeps a temporary add-on until it restarts; for a permanent install, sign the zip on addons.mozilla.org.`,
    ],
  },
] as const;

/**
 * `/extension`: where "Download Extension" points in the embedded setup
 * (DECISIONS: instructions for loading the built extension, and its zip when
 * built), for Chromium and for Firefox.
 */
export function createExtensionPage(
  outputDir: string,
  /** This server's address (read per request: tests learn it after listen). */
  publicUrl: () => string,
): (subPath: string) => Promise<PageResponse> {
  const findZip = (browser: string) =>
    existsSync(outputDir)
      ? readdirSync(outputDir).find((f) => f.endsWith(`-${browser}.zip`))
      : undefined;
  return async (subPath) => {
    const download = /^\/peega-(chrome|firefox)\.zip$/.exec(subPath);
    if (download) {
      const browser = download[1]!;
      const zip = findZip(browser);
      if (!zip)
        return jsonResponse(404, {
          message: `The extension zip is not built (${BUILDS.find((b) => b.browser === browser)!.zip})`,
        });
      return {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="peega-${browser}.zip"`,
        },
        body: await readFile(path.join(outputDir, zip)),
      };
    }
    if (subPath !== '/' && subPath !== '')
      return jsonResponse(404, { message: 'Not found' });
    const here = publicUrl();
    const sections = BUILDS.map((b) => {
      const unpacked = path.join(outputDir, b.folder);
      const built = existsSync(path.join(unpacked, 'manifest.json'));
      // The command builds for this server, whatever its port (#40 item 13).
      const command = escapeHtml(extensionBuildCommand(b.build, here));
      const folder = built
        ? `<code>${escapeHtml(unpacked)}</code>`
        : `<code>.output/${b.folder}</code> (build it first with <code>${command}</code>)`;
      const steps = b.steps(folder).map((step) => `<li>${step}</li>`);
      return `<section data-testid="extension-${b.browser}">
<h2>In ${b.label}</h2>
<ol>
${steps.join('\n')}
<li>Pin Peega to the toolbar and click it on any page.</li>
</ol>
${built ? buildBackend(outputDir, b.browser, b.build, here) : ''}
${findZip(b.browser) ? `<p><a class="btn" href="/extension/peega-${b.browser}.zip">Download for ${b.label} (.zip)</a></p>` : ''}
</section>`;
    });
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Install the Peega extension</title><style>
body{font:16px/1.6 system-ui,sans-serif;margin:0;background:#f5f3ff;color:#1f1147}
main{max-width:680px;margin:48px auto;padding:32px;background:#fff;border-radius:16px;box-shadow:0 8px 30px #6d28d91a}
h1{margin-top:0;color:#6d28d9}h2{font-size:1.15rem;margin:24px 0 0}code{background:#ede9fe;padding:2px 6px;border-radius:6px;overflow-wrap:anywhere}
.warn{background:#fef3c7;color:#78350f;padding:10px 14px;border-radius:10px}
a.btn{display:inline-block;background:#6d28d9;color:#fff;padding:10px 18px;border-radius:10px;text-decoration:none}
</style></head><body><main>
<h1>Install the Peega extension</h1>
<p>Peega's browser extension lets you send feedback about any website in two clicks.</p>
${sections.join('\n')}
${backendSection(here)}
${permissionsSection()}
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
