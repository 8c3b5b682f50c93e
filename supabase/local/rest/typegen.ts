// The text of `supabase gen types typescript` (postgres-meta's template,
// before prettier) from the schema cache.
import { TYPEGEN_HELPERS } from './typegen-helpers.ts';
import {
  columnsTs,
  includeFunction,
  returnType,
  signatures,
  type FnInfo,
} from './typegen-functions.ts';
import { nullable, pgNameOf, tsType, type TypeScope } from './typegen-types.ts';
import type { SchemaCache, Table } from './schema-types.ts';

export interface TypegenInput {
  cache: SchemaCache;
  schemas: string[];
  composites: TypeScope['composites'];
  /** Per function oid: pg_get_function_arguments and pg_get_function_result. */
  functionText: Map<number, { args: string; result: string }>;
  /** Views whose rows can be updated and deleted, and updatable view columns. */
  updatableViews: Set<number>;
  updatableColumns: Set<string>;
  postgrestVersion: string;
}

const EMPTY = '[_ in never]: never';
const byName = <T extends { name: string }>(a: T, b: T) =>
  a.name.localeCompare(b.name);

function relationships(cache: SchemaCache, t: Table): string {
  const rels = (cache.relationships.get(`${t.schema}.${t.name}`) ?? [])
    .filter(
      (r) =>
        (r.card === 'm2o' || (r.card === 'o2o' && !r.isParent)) &&
        r.foreignTable.schema === t.schema,
    )
    .map((r) => ({
      name: r.constraint,
      cols: r.columns.map((c) => c[0]),
      one: r.card === 'o2o',
      rel: r.foreignTable.name,
      refCols: r.columns.map((c) => c[1]),
    }))
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name) ||
        a.rel.localeCompare(b.rel) ||
        JSON.stringify(a.refCols).localeCompare(JSON.stringify(b.refCols)),
    );
  return `Relationships: [${rels
    .map(
      (r) =>
        `{\nforeignKeyName: ${JSON.stringify(r.name)}\ncolumns: ${JSON.stringify(r.cols)}\nisOneToOne: ${r.one}\nreferencedRelation: ${JSON.stringify(r.rel)}\nreferencedColumns: ${JSON.stringify(r.refCols)} }`,
    )
    .join(',\n')}]`;
}

function computedFields(s: TypeScope, schema: string, t: Table, fns: FnInfo[]) {
  return fns
    .filter((f) => f.argumentTypes === t.name)
    .map(
      (f) =>
        `${JSON.stringify(f.fn.name)}: ${nullable(returnType(s, schema, f.fn), true)}`,
    );
}

function tableTs(
  s: TypeScope,
  input: TypegenInput,
  t: Table,
  fns: FnInfo[],
): string {
  const row = [
    ...columnsTs(s, t.schema, t),
    ...computedFields(s, t.schema, t, fns),
  ];
  const col = (name: string, opt: boolean, isNull: boolean, oid: number) =>
    `${JSON.stringify(name)}${opt ? '?' : ''}: ${nullable(tsType(s, t.schema, pgNameOf(s, oid) ?? ''), isNull)}`;
  const sorted = [...t.columns].sort(byName);
  let writes = '';
  if (!t.isView) {
    const insert = sorted.map((c) =>
      c.identityAlways
        ? `${JSON.stringify(c.name)}?: never`
        : col(
            c.name,
            c.nullable ||
              c.isIdentity ||
              c.isGenerated ||
              c.default !== undefined,
            c.nullable,
            c.typeOid,
          ),
    );
    const update = sorted.map((c) =>
      c.identityAlways
        ? `${JSON.stringify(c.name)}?: never`
        : col(c.name, true, c.nullable, c.typeOid),
    );
    writes = `Insert: {\n${insert.join('\n')} }\nUpdate: {\n${update.join('\n')} }\n`;
  } else if (input.updatableViews.has(t.oid)) {
    const cols = sorted.map((c) =>
      input.updatableColumns.has(`${t.oid}:${c.name}`)
        ? col(c.name, true, true, c.typeOid)
        : `${JSON.stringify(c.name)}?: never`,
    );
    writes = `Insert: {\n${cols.join('\n')} }\nUpdate: {\n${cols.join('\n')} }\n`;
  }
  return `${JSON.stringify(t.name)}: {\nRow: {\n${row.join('\n')} }\n${writes}${relationships(s.cache, t)} }`;
}

function schemaTs(input: TypegenInput, s: TypeScope, schema: string): string {
  const { cache } = input;
  const rels = [...cache.tables.values()]
    .filter((t) => t.schema === schema)
    .sort(byName);
  const fns: FnInfo[] = cache.allRoutines
    .filter((fn) => fn.schema === schema && includeFunction(s, fn))
    .map((fn) => ({
      fn,
      argumentTypes: input.functionText.get(fn.oid)?.args ?? '',
      result: input.functionText.get(fn.oid)?.result ?? '',
    }));
  const section = (items: string[]) =>
    items.length ? items.join('\n') : EMPTY;
  const groups = new Map<string, FnInfo[]>();
  for (const f of [...fns].sort((a, b) => a.fn.name.localeCompare(b.fn.name)))
    groups.set(f.fn.name, [...(groups.get(f.fn.name) ?? []), f]);
  const functions = [...groups].map(([name, list]) => {
    list.sort(
      (a, b) =>
        a.argumentTypes.localeCompare(b.argumentTypes) ||
        a.result.localeCompare(b.result),
    );
    return `${JSON.stringify(name)}:\n${signatures(s, schema, list)}`;
  });
  const types = [...cache.types.values()]
    .filter((t) => t.schema === schema)
    .sort(byName);
  const enums = types
    .filter((t) => (t.enumValues?.length ?? 0) > 0)
    .map(
      (t) =>
        `${JSON.stringify(t.name)}: ${(t.enumValues ?? []).map((v) => JSON.stringify(v)).join('|')}`,
    );
  const composites = types
    .filter((t) => input.composites.has(t.oid))
    .map((t) => {
      const attrs = (input.composites.get(t.oid) ?? []).map(
        (a) =>
          `${JSON.stringify(a.name)}: ${nullable(tsType(s, schema, pgNameOf(s, a.typeOid) ?? ''), true)}`,
      );
      return `${JSON.stringify(t.name)}: {\n${attrs.join('\n')} }`;
    });
  return `${JSON.stringify(schema)}: {
    Tables: {
${section(rels.filter((t) => !t.isView).map((t) => tableTs(s, input, t, fns)))} }
    Views: {
${section(rels.filter((t) => t.isView).map((t) => tableTs(s, input, t, fns)))} }
    Functions: {
${functions.length ? functions.join(',\n') : EMPTY} }
    Enums: {
${section(enums)} }
    CompositeTypes: {
${section(composites)} }
  }`;
}

export function renderTypes(input: TypegenInput): string {
  const schemas = [...input.schemas].sort((a, b) => a.localeCompare(b));
  const scope: TypeScope = {
    cache: input.cache,
    schemas,
    composites: input.composites,
  };
  const constants = schemas.map((schema) => {
    const enums = [...input.cache.types.values()]
      .filter((t) => t.schema === schema && (t.enumValues?.length ?? 0) > 0)
      .sort(byName)
      .map(
        (t) =>
          `${JSON.stringify(t.name)}: [${(t.enumValues ?? []).map((v) => JSON.stringify(v)).join(', ')}]`,
      );
    return `${JSON.stringify(schema)}: {\nEnums: {\n${enums.join(',\n')} } }`;
  });
  return `
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: '${input.postgrestVersion}'
  }
  ${schemas.map((s) => schemaTs(input, scope, s)).join('\n')}
}
${TYPEGEN_HELPERS}
export const Constants = {
  ${constants.join(',\n')}
} as const
`;
}
