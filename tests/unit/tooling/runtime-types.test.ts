import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Each runtime's tsconfig gives it only its own platform's types. A probe file
// (tests/fixtures/tsconfig/) is compiled with a project's real options; the
// test fails if, say, Node's types reach web/ or DOM's reach supabase/local.
const root = process.cwd();
const probe = (name: string) =>
  path.join(root, 'tests/fixtures/tsconfig', `${name}.ts`);

function configOf(project: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, project),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!parsed) throw new Error(`cannot read ${project}`);
  return parsed;
}

/** Diagnostic codes of the probe compiled as part of `project`, with the
 * project's options and its ambient declarations (e.g. WXT's wxt.d.ts). */
function errorsOf(project: string, name: string): number[] {
  const config = configOf(project);
  const ambient = config.fileNames.filter((f) => f.endsWith('.d.ts'));
  const program = ts.createProgram([probe(name), ...ambient], config.options);
  return ts.getPreEmitDiagnostics(program).map((d) => d.code);
}

// 2580/2591: "Cannot find name 'process'" (no Node types); 2307: module not
// found; 2584/2304: "Cannot find name 'document'" / 'fetch'.
const NO_NAME = [2304, 2580, 2584, 2591];
const NO_MODULE = [2307];

const cases: [string, string, 'refused' | 'allowed'][] = [
  ['web/tsconfig.json', 'node-global', 'refused'],
  ['web/tsconfig.json', 'node-module', 'refused'],
  ['web/tsconfig.json', 'dom-global', 'allowed'],
  // The extension's Node ban is lint's (lint-rules.test.ts): WXT's own types
  // import Vite's, which reference @types/node.
  ['extension/tsconfig.json', 'dom-global', 'allowed'],
  ['supabase/local/tsconfig.json', 'dom-global', 'refused'],
  ['supabase/local/tsconfig.json', 'node-global', 'allowed'],
  ['supabase/local/tsconfig.json', 'fetch-global', 'allowed'],
  ['server/tsconfig.json', 'dom-global', 'refused'],
  ['server/tsconfig.json', 'node-global', 'allowed'],
  ['supabase/functions/tsconfig.json', 'dom-global', 'refused'],
  ['supabase/functions/tsconfig.json', 'fetch-global', 'allowed'],
  ['shared/domain/tsconfig.json', 'dom-global', 'refused'],
  ['shared/domain/tsconfig.json', 'node-global', 'refused'],
  ['shared/domain/tsconfig.json', 'node-module', 'refused'],
  ['shared/domain/tsconfig.json', 'fetch-global', 'refused'],
  ['shared/tsconfig.json', 'node-global', 'refused'],
  ['tsconfig.node.json', 'dom-global', 'refused'],
];

describe('per-runtime TypeScript configs', { timeout: 60_000 }, () => {
  it.each(cases)('%s: %s is %s', (project, name, verdict) => {
    const codes = errorsOf(project, name);
    if (verdict === 'allowed') expect(codes).toEqual([]);
    else
      expect(
        codes.some((c) => NO_NAME.includes(c) || NO_MODULE.includes(c)),
      ).toBe(true);
  });

  it('pure rules still have URL (shared/domain/universal.d.ts)', () => {
    expect(errorsOf('shared/domain/tsconfig.json', 'universal')).toEqual([]);
  });
});
