// Database types in the shape `supabase gen types typescript` writes them,
// from the REST schema cache of a live database.
import { format } from 'prettier';
import type { Db } from './db/types.ts';
import { DEFAULT_REST_CONFIG } from './rest/config.ts';
import { loadSchemaCache } from './rest/schema-cache.ts';
import { renderTypes } from './rest/typegen.ts';

const COMPOSITES_SQL = `
select t.oid::int8 as oid, a.attname::text as name, a.atttypid::int8 as type_oid
from pg_type t
join pg_class c on c.oid = t.typrelid and c.relkind = 'c'
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
join pg_namespace n on n.oid = t.typnamespace
where n.nspname = any($1::text[])
order by t.oid, a.attnum`;

const FUNCTIONS_SQL = `
select p.oid::int8 as oid, pg_get_function_arguments(p.oid) as args,
  pg_get_function_result(p.oid) as result
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = any($1::text[]) and p.prokind = 'f'`;

const VIEWS_SQL = `
select c.oid::int8 as oid, a.attname::text as name,
  (pg_relation_is_updatable(c.oid, false) & 20) = 20 as view_updatable,
  pg_column_is_updatable(c.oid, a.attnum, false) as column_updatable
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
where c.relkind = 'v' and n.nspname = any($1::text[])`;

export interface GenerateOptions {
  /** Defaults to the exposed schemas that exist (public, graphql_public). */
  schemas?: string[];
  postgrestVersion?: string;
}

export async function generateTypes(
  db: Db,
  options: GenerateOptions = {},
): Promise<string> {
  const cache = await loadSchemaCache(
    db,
    options.schemas ?? [...DEFAULT_REST_CONFIG.schemas],
  );
  const wanted = options.schemas ?? [...DEFAULT_REST_CONFIG.schemas];
  const extra = await db.transaction(
    async (tx) => {
      const present = await tx.query<{ nspname: string }>(
        'select nspname::text as nspname from pg_namespace where nspname = any($1::text[])',
        [wanted],
      );
      const schemas = present.rows.map((r) => r.nspname);
      const comps = await tx.query<{
        oid: number;
        name: string;
        type_oid: number;
      }>(COMPOSITES_SQL, [schemas]);
      const fns = await tx.query<{ oid: number; args: string; result: string }>(
        FUNCTIONS_SQL,
        [schemas],
      );
      const views = await tx.query<{
        oid: number;
        name: string;
        view_updatable: boolean;
        column_updatable: boolean;
      }>(VIEWS_SQL, [schemas]);
      return { schemas, comps: comps.rows, fns: fns.rows, views: views.rows };
    },
    // postgres-meta's connection: types in public are written unqualified.
    { readOnly: true, settings: { search_path: '"$user", public' } },
  );
  const composites = new Map<number, { name: string; typeOid: number }[]>();
  for (const c of extra.comps)
    composites.set(c.oid, [
      ...(composites.get(c.oid) ?? []),
      { name: c.name, typeOid: c.type_oid },
    ]);
  const text = renderTypes({
    cache,
    schemas: extra.schemas,
    composites,
    functionText: new Map(
      extra.fns.map((f) => [f.oid, { args: f.args, result: f.result }]),
    ),
    updatableViews: new Set(
      extra.views.filter((v) => v.view_updatable).map((v) => v.oid),
    ),
    updatableColumns: new Set(
      extra.views
        .filter((v) => v.column_updatable)
        .map((v) => `${v.oid}:${v.name}`),
    ),
    postgrestVersion: options.postgrestVersion ?? '14.1',
  });
  return format(text, { parser: 'typescript', semi: false });
}
