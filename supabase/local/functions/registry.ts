import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';

/** The pure handler each `supabase/functions/<name>/handler.ts` exports as `handler`. */
export type FunctionHandler = (
  req: Request,
  env: Record<string, string>,
) => Promise<Response>;

export interface FunctionEntry {
  name: string;
  file: string;
  /** Hosted Supabase checks the caller's JWT unless config.toml says `verify_jwt = false`. */
  verifyJwt: boolean;
  load(): Promise<FunctionHandler>;
}

/** Reads `[functions.<name>] verify_jwt = …` from supabase/config.toml (the CLI's format). */
export function readVerifyJwt(configToml: string): Map<string, boolean> {
  const out = new Map<string, boolean>();
  let doc: { functions?: Record<string, { verify_jwt?: unknown }> };
  try {
    doc = parseToml(configToml) as typeof doc;
  } catch {
    // An unreadable file: every function checks the JWT (the safe default).
    return out;
  }
  for (const [name, settings] of Object.entries(doc.functions ?? {}))
    if (typeof settings?.verify_jwt === 'boolean')
      out.set(name, settings.verify_jwt);
  return out;
}

/** Every function folder with a handler.ts; `_shared` and dot folders are not functions. */
export function discoverFunctions(
  functionsDir: string,
  configToml?: string,
): Map<string, FunctionEntry> {
  const verify = readVerifyJwt(
    configToml && existsSync(configToml)
      ? readFileSync(configToml, 'utf8')
      : '',
  );
  const entries = new Map<string, FunctionEntry>();
  if (!existsSync(functionsDir)) return entries;
  for (const name of readdirSync(functionsDir)) {
    if (name.startsWith('_') || name.startsWith('.')) continue;
    const file = path.join(functionsDir, name, 'handler.ts');
    if (!existsSync(file)) continue;
    let cached: Promise<FunctionHandler> | undefined;
    entries.set(name, {
      name,
      file,
      verifyJwt: verify.get(name) ?? true,
      load() {
        cached ??= import(pathToFileURL(file).href).then(
          (m: { handler?: FunctionHandler }) => {
            if (typeof m.handler !== 'function')
              throw new Error(`${file} does not export a handler`);
            return m.handler;
          },
        );
        return cached;
      },
    });
  }
  return entries;
}

/** Secrets as `supabase secrets set --env-file supabase/functions/.env` would set them. */
export function readEnvFile(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith('#')) continue;
    out[m[1]!] = m[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

/**
 * The secrets functions get besides the SUPABASE_* variables: the
 * functions folder's `.env`, overridden by the named process variables.
 */
export function readFunctionSecrets(
  functionsDir: string,
  secretNames: readonly string[] = [],
  processEnv: Record<string, string | undefined> = process.env,
): Record<string, string> {
  const secrets = readEnvFile(path.join(functionsDir, '.env'));
  for (const name of secretNames) {
    const v = processEnv[name];
    if (v !== undefined) secrets[name] = v;
  }
  return secrets;
}
