// Vitest global setup of the integration and permission projects: one folder
// and one database-name prefix for this run's migrated templates
// (tests/support/templates.ts), removed when the run ends.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropPostgresTemplates } from './templates.ts';

export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'peega-templates-'));
  const runId = randomBytes(4).toString('hex');
  project.provide('peegaTemplates', { dir, runId });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const baseUrl = process.env.DATABASE_URL;
    if (baseUrl) await dropPostgresTemplates(baseUrl, runId);
  };
}
