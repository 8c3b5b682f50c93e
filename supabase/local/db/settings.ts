import type { Queryable, TxOptions } from './types.ts';

/** Applies the role and settings of a request transaction in one round trip, as PostgREST does. */
export async function applyTxOptions(
  tx: Queryable,
  options: TxOptions,
): Promise<void> {
  const pairs: [string, string][] = Object.entries(options.settings ?? {});
  if (options.role) pairs.push(['role', options.role]);
  if (pairs.length === 0) return;
  const params: string[] = [];
  const calls = pairs.map(([k, v]) => {
    params.push(k, v);
    return `set_config($${params.length - 1}, $${params.length}, true)`;
  });
  await tx.query(`select ${calls.join(', ')}`, params);
}
