import type { Column, SchemaCache } from './schema-types.ts';
// `GET /`: a compact Swagger 2.0 description of the exposed schema, in the
// shape PostgREST's OpenAPI output has (paths per table and function,
// definitions per table).

function jsonType(c: Column): {
  type: string;
  format: string;
  items?: unknown;
} {
  const t = c.baseType;
  if (t.endsWith('[]'))
    return { type: 'array', format: c.type, items: { type: 'string' } };
  if (['smallint', 'integer', 'bigint'].includes(t))
    return { type: 'integer', format: c.type };
  if (['real', 'double precision', 'numeric'].includes(t))
    return { type: 'number', format: c.type };
  if (t === 'boolean') return { type: 'boolean', format: c.type };
  if (t === 'json' || t === 'jsonb')
    return { type: 'object', format: c.type } as never;
  return { type: 'string', format: c.type };
}

export function openApiDocument(
  cache: SchemaCache,
  schema: string,
  host: string,
) {
  const tables = [...cache.tables.values()].filter((t) => t.schema === schema);
  const paths: Record<string, unknown> = {
    '/': {
      get: {
        produces: ['application/openapi+json', 'application/json'],
        responses: { '200': { description: 'OK' } },
        summary: 'OpenAPI description (this document)',
        tags: ['Introspection'],
      },
    },
  };
  const definitions: Record<string, unknown> = {};
  for (const t of tables) {
    const ops: Record<string, unknown> = {
      get: { tags: [t.name], responses: { '200': { description: 'OK' } } },
    };
    if (t.insertable)
      ops.post = {
        tags: [t.name],
        responses: { '201': { description: 'Created' } },
      };
    if (t.updatable)
      ops.patch = {
        tags: [t.name],
        responses: { '204': { description: 'No Content' } },
      };
    if (t.deletable)
      ops.delete = {
        tags: [t.name],
        responses: { '204': { description: 'No Content' } },
      };
    paths[`/${t.name}`] = ops;
    definitions[t.name] = {
      ...(t.description ? { description: t.description } : {}),
      required: t.columns
        .filter((c) => !c.nullable && c.default === undefined)
        .map((c) => c.name),
      properties: Object.fromEntries(
        t.columns.map((c) => [
          c.name,
          {
            ...(c.default !== undefined ? { default: c.default } : {}),
            ...(c.description ? { description: c.description } : {}),
            ...jsonType(c),
          },
        ]),
      ),
      type: 'object',
    };
  }
  for (const [key, fns] of cache.routines) {
    if (!key.startsWith(`${schema}.`)) continue;
    const fn = fns[0];
    if (!fn) continue;
    const ops: Record<string, unknown> = {
      post: {
        tags: ['(rpc) ' + fn.name],
        responses: { '200': { description: 'OK' } },
      },
    };
    if (fn.volatility !== 'v')
      ops.get = {
        tags: ['(rpc) ' + fn.name],
        responses: { '200': { description: 'OK' } },
      };
    paths[`/rpc/${fn.name}`] = ops;
  }
  return {
    swagger: '2.0',
    info: { description: '', title: 'standard public schema', version: '14.1' },
    host,
    basePath: '/',
    schemes: ['http'],
    consumes: [
      'application/json',
      'application/vnd.pgrst.object+json',
      'text/csv',
    ],
    produces: [
      'application/json',
      'application/vnd.pgrst.object+json',
      'text/csv',
    ],
    paths,
    definitions,
  };
}
