import type { Queryable } from '../db/types.ts';

/**
 * The PostgREST settings this layer honours, read as PostgREST reads them:
 * environment variables (`PGRST_DB_SCHEMAS`, …), overridden by the
 * in-database configuration (`alter role authenticator set pgrst.db_schemas
 * = '…'`), re-read on `NOTIFY pgrst, 'reload config'`.
 */
export interface RestConfig {
  /** db-schemas: the exposed schemas; the first is the default profile. */
  schemas: readonly string[];
  /** db-aggregates-enabled: count(), sum(), … in `select` (off by default). */
  aggregatesEnabled: boolean;
  /** db-plan-enabled: EXPLAIN through `Accept: application/vnd.pgrst.plan` (off by default). */
  planEnabled: boolean;
}

/** Supabase's defaults: `public` and `graphql_public`, aggregates and plans off. */
export const DEFAULT_REST_CONFIG: RestConfig = {
  schemas: ['public', 'graphql_public'],
  aggregatesEnabled: false,
  planEnabled: false,
};

const bool = (v: string | undefined, fallback: boolean) =>
  v === undefined ? fallback : /^(true|on|yes|1)$/i.test(v.trim());

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** Applies PostgREST's names (`db-schemas` / `db_schemas`) from one source over `base`. */
function apply(base: RestConfig, get: (name: string) => string | undefined) {
  const schemas = get('db_schemas');
  return {
    schemas:
      schemas !== undefined && list(schemas).length > 0
        ? list(schemas)
        : base.schemas,
    aggregatesEnabled: bool(
      get('db_aggregates_enabled'),
      base.aggregatesEnabled,
    ),
    planEnabled: bool(get('db_plan_enabled'), base.planEnabled),
  };
}

/** The environment's settings (`PGRST_DB_SCHEMAS`, `PGRST_DB_AGGREGATES_ENABLED`, `PGRST_DB_PLAN_ENABLED`). */
export function restConfigFromEnv(
  env: Record<string, string | undefined>,
): RestConfig {
  return apply(DEFAULT_REST_CONFIG, (n) => env[`PGRST_${n.toUpperCase()}`]);
}

/**
 * The in-database configuration over `base`: `pgrst.*` settings of the
 * authenticator role (PostgREST's connection role; here also the role the
 * backend connects as), database-specific ones last so that they win.
 */
export async function loadDbRestConfig(
  db: Queryable,
  base: RestConfig,
): Promise<RestConfig> {
  const { rows } = await db.query<{ key: string; value: string }>(
    `select substr(kv, 7, strpos(kv, '=') - 7) as key,
            substr(kv, strpos(kv, '=') + 1) as value
       from pg_catalog.pg_db_role_setting s
       cross join lateral unnest(s.setconfig) with ordinality as c(kv, n)
      where s.setrole in (select oid from pg_catalog.pg_roles
                           where rolname in ('authenticator', current_user))
        and s.setdatabase in (0, (select oid from pg_catalog.pg_database
                                   where datname = current_database()))
        and kv like 'pgrst.%=%'
      order by s.setdatabase, c.n`,
  );
  const settings = new Map(
    rows.map((r) => [r.key.replace(/-/g, '_'), r.value]),
  );
  return apply(base, (n) => settings.get(n));
}
