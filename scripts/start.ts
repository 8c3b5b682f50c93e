// `npm start`: build the web app and the extension when missing or older than
// their sources (showing the builds' progress), then run the embedded backend.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  extensionBackendFile,
  publicUrlFromEnv,
} from '../shared/domain/public-url.ts';

function newest(paths: string[]): number {
  let latest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p))
        if (entry !== 'node_modules') visit(path.join(p, entry));
    } else latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

const common = ['shared', 'package-lock.json'];

/** The backend the built extension talks to (recorded by wxt.config.ts). */
function builtExtensionBackend(): string | null {
  const file = path.join('.output', extensionBackendFile('chrome'));
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}
const publicUrl = publicUrlFromEnv(process.env);
const targets: {
  name: string;
  output: string;
  inputs: string[];
  script: string;
  stale?: () => boolean;
}[] = [
  {
    name: 'web app',
    output: 'web/dist/index.html',
    inputs: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      ...common,
    ],
    script: 'build:web',
  },
  {
    name: 'extension',
    output: '.output/chrome-mv3/manifest.json',
    inputs: ['extension', 'wxt.config.ts', ...common],
    script: 'build:ext',
    // Built for another address (e.g. another PORT): build it again.
    stale: () => builtExtensionBackend() !== publicUrl,
  },
];

for (const t of targets) {
  const built = existsSync(t.output) ? statSync(t.output).mtimeMs : 0;
  const changed = newest(t.inputs);
  const stale = t.stale?.() ?? false;
  if (built && built >= changed && !stale) {
    console.log(`✓ ${t.name} is up to date (${t.output})`);
    continue;
  }
  console.log(
    `▶ building the ${t.name} (npm run ${t.script})${stale ? ` for ${publicUrl}` : ''}…`,
  );
  const r = spawnSync('npm', ['run', '--silent', t.script], {
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    console.error(`✗ building the ${t.name} failed`);
    process.exit(r.status ?? 1);
  }
}

await import('../supabase/local/main.ts');
