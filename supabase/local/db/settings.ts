import type { Queryable, TxOptions } from './types.ts';

/** Applies the role and settings of a request transaction in one round trip, as PostgREST does. */
export async function applyTxOptions(
  tx: Queryable,
  options: TxOptions,
): Promise<void> {
  const statement = settingsStatement(options);
  if (statement) await tx.query(statement.sql, statement.params);
}

// A setting's name goes into the SQL text as a literal when it is a plain
// name (all of PostgREST's and Postgres's are), so mostly only the values
// are bound: half the parameters to send and convert, and the same few
// statement texts on every request (drivers keep them parsed per connection).
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;

interface Template {
  sql: string;
  /** Per setting: its name is bound as a parameter too. */
  boundName: boolean[];
}

const templates = new Map<string, Template>();

function templateFor(names: string[]): Template {
  const key = names.join('\u0000');
  let t = templates.get(key);
  if (!t) {
    let n = 0;
    const boundName = names.map((name) => !PLAIN_NAME.test(name));
    const calls = names.map((name, i) =>
      boundName[i]
        ? `set_config($${++n}, $${++n}, true)`
        : `set_config('${name}', $${++n}, true)`,
    );
    // A zero-column select around them: the values set are not sent back
    // (request.headers and the claims would otherwise cross the wire again).
    // A subquery with volatile functions is never flattened, so every
    // set_config runs, left to right, as in PostgREST's one statement.
    t = { sql: `select from (select ${calls.join(', ')}) _`, boundName };
    if (templates.size >= 200) templates.clear();
    templates.set(key, t);
  }
  return t;
}

/** The one `select … set_config(…)` statement that applies role and settings, if any. */
export function settingsStatement(
  options: TxOptions,
): { sql: string; params: string[] } | undefined {
  const settings = options.settings ?? {};
  const names = Object.keys(settings);
  if (options.role) names.push('role');
  if (names.length === 0) return undefined;
  const t = templateFor(names);
  const params: string[] = [];
  names.forEach((name, i) => {
    if (t.boundName[i]) params.push(name);
    params.push(
      name === 'role' && options.role ? options.role : settings[name]!,
    );
  });
  return { sql: t.sql, params };
}
