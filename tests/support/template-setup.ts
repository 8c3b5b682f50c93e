// Vitest global setup of the backend projects (integration, permissions,
// security): where this run's migrated templates live
// (tests/support/templates.ts). PGlite templates are files kept between runs
// in node_modules/.cache, named by the hash of what they are built from (so
// every project of a run, and the next run, reuses one); PostgreSQL templates
// are databases of this run, dropped when it ends.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { dropPostgresTemplates } from './templates.ts';

const dir = fileURLToPath(
  new URL('../../node_modules/.cache/peega/templates', import.meta.url),
);
const KEEP_MS = 2 * 24 * 3600 * 1000;

export default function setup(project: TestProject) {
  mkdirSync(dir, { recursive: true });
  // Templates of other days or other sources are never read again.
  for (const f of readdirSync(dir)) {
    const file = path.join(dir, f);
    if (Date.now() - statSync(file).mtimeMs > KEEP_MS)
      rmSync(file, { force: true });
  }
  const runId = randomBytes(4).toString('hex');
  project.provide('peegaTemplates', { dir, runId });
  return async () => {
    const baseUrl = process.env.DATABASE_URL;
    if (baseUrl) await dropPostgresTemplates(baseUrl, runId);
    for (const f of readdirSync(dir))
      if (f.startsWith(`catalog-pg-${runId}-`))
        rmSync(path.join(dir, f), { force: true });
  };
}
