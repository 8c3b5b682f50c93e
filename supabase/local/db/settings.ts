import type { Queryable, TxOptions } from './types.ts';

/** Applies the role and settings of a request transaction in one round trip, as PostgREST does. */
export async function applyTxOptions(
  tx: Queryable,
  options: TxOptions,
): Promise<void> {
  const statement = settingsStatement(options);
  if (statement) await tx.query(statement.sql, statement.params);
}

/** The one `select set_config(…)` statement that applies role and settings, if any. */
export function settingsStatement(
  options: TxOptions,
): { sql: string; params: string[] } | undefined {
  const pairs: [string, string][] = Object.entries(options.settings ?? {});
  if (options.role) pairs.push(['role', options.role]);
  if (pairs.length === 0) return undefined;
  const params: string[] = [];
  const calls = pairs.map(([k, v]) => {
    params.push(k, v);
    return `set_config($${params.length - 1}, $${params.length}, true)`;
  });
  return { sql: `select ${calls.join(', ')}`, params };
}
