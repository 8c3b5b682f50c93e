// `npm run typecheck`: each runtime's tsconfig on its own with tsgo
// (TypeScript's native compiler, @typescript/native-preview: about a fifth of
// tsc 5.9's CPU here; `typescript` itself stays 5.9.3 for typescript-eslint,
// TOOLING.md), then the edge functions' Deno entries with `deno check`, one
// call per import map. Exits non-zero when any check fails.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

const PROJECTS = [
  'tests/tsconfig.json',
  'supabase/local/tsconfig.json',
  'server/tsconfig.json',
  'tsconfig.node.json',
  'extension/tsconfig.json',
  'web/tsconfig.json',
  'supabase/functions/tsconfig.json',
  'shared/tsconfig.json',
  'shared/domain/tsconfig.json',
];
const bin = (name) => path.join('node_modules', '.bin', name);

// Deno trusts only its own roots by default: behind a proxy whose CA this
// machine trusts, its `npm:` downloads would fail (deno-runtime.ts does the same).
const env = {
  ...process.env,
  DENO_TLS_CA_STORE: process.env.DENO_TLS_CA_STORE || 'mozilla,system',
};

function run(cmd, args, label) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${label} (${secs}s)`);
      if (code !== 0) process.stdout.write(out);
      resolve(code === 0);
    });
  });
}

// One at a time: tsgo checks a project on several threads of its own.
const results = [];
for (const project of PROJECTS)
  results.push(
    await run(bin('tsgo'), ['-p', project, '--noEmit'], `tsgo -p ${project}`),
  );

// The Deno entries (index.ts) use the Deno namespace: only Deno checks them.
const fnDir = path.join('supabase', 'functions');
if (existsSync(bin('deno'))) {
  // Entries whose deno.json says the same are checked in one call (Deno
  // starts once per call); an entry without one is checked with none.
  const groups = new Map();
  for (const name of (await readdir(fnDir)).sort()) {
    const entry = path.join(fnDir, name, 'index.ts');
    if (!existsSync(entry)) continue;
    const config = path.join(fnDir, name, 'deno.json');
    const text = existsSync(config) ? readFileSync(config, 'utf8').trim() : '';
    const group = groups.get(text) ?? {
      config: text ? config : null,
      entries: [],
    };
    group.entries.push(entry);
    groups.set(text, group);
  }
  for (const { config, entries } of groups.values()) {
    const args = ['check', '--quiet', '--no-lock'];
    if (config) args.push('--config', config);
    results.push(
      await run(
        bin('deno'),
        [...args, ...entries],
        `deno check ${entries.join(' ')}`,
      ),
    );
  }
} else {
  console.log(
    'SKIP deno check of supabase/functions/*/index.ts: Deno is not installed (npm ci installs it: the deno devDependency).',
  );
}

if (results.some((ok) => !ok)) process.exit(1);
