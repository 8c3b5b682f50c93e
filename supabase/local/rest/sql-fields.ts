// SQL for fields, casts, filters and logic trees. Every value goes through
// `Params`; identifiers are quoted; casts are resolved to known types.
import type { Field, Filter, FtsOp, QuantOp, SimpleOp } from './ast.ts';
import { RestError } from './errors.ts';
import { arrayLiteral, ident, type Params } from './sql-text.ts';
import type { CLogic } from './plan-types.ts';
import type { SchemaCache, Table } from './schema-types.ts';

export interface FieldCtx {
  qual: string;
  table?: Table;
  cache: SchemaCache;
  params: Params;
}

const SIMPLE: Record<SimpleOp, string> = {
  neq: '<>',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const QUANT: Record<QuantOp, string> = {
  eq: '=',
  gte: '>=',
  gt: '>',
  lte: '<=',
  lt: '<',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};

const FTS: Record<FtsOp, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** The SQL name of a `::cast`, or Postgres's own 42704 error. */
export function castType(cache: SchemaCache, cast: string): string {
  const key = cast.trim().toLowerCase().replace(/\s+/g, ' ');
  const hit = cache.castTypes.get(key);
  if (hit) return hit;
  throw new RestError(400, '42704', `type "${key}" does not exist`);
}

export function fieldSql(
  f: Field,
  ctx: FieldCtx,
  fts?: { lang?: string },
): string {
  const col = f.name === '*' ? `${ctx.qual}.*` : `${ctx.qual}.${ident(f.name)}`;
  const column = ctx.table?.columnMap.get(f.name);
  let expr = col;
  if (f.path.length > 0) {
    const isJson = column?.type === 'json' || column?.type === 'jsonb';
    expr = isJson ? col : `to_jsonb(${col})`;
    for (const op of f.path)
      expr += `${op.arrow}${ctx.params.add(op.key)}${op.index ? '::int' : ''}`;
  }
  if (fts && !(column?.baseType === 'tsvector' && f.path.length === 0)) {
    const lang = fts.lang === undefined ? '' : `${ctx.params.add(fts.lang)}, `;
    expr = `to_tsvector(${lang}${expr})`;
  }
  return expr;
}

export function filterSql(filter: Filter, ctx: FieldCtx): string {
  const { not, op } = filter.expr;
  const p = (v: string) => ctx.params.add(v);
  const fld = fieldSql(
    filter.field,
    ctx,
    op.t === 'fts' ? { lang: op.lang } : undefined,
  );
  let body: string;
  switch (op.t) {
    case 'simple':
      body = `${fld} ${SIMPLE[op.op]} ${p(op.value)}`;
      break;
    case 'quant': {
      const like = op.op === 'like' || op.op === 'ilike';
      const v = p(like ? op.value.replace(/\*/g, '%') : op.value);
      const rhs = op.quant ? `${op.quant.toUpperCase()}(${v})` : v;
      body = `${fld} ${QUANT[op.op]} ${rhs}`;
      break;
    }
    case 'is':
      body = `${fld} IS ${op.value === 'not_null' ? 'NOT NULL' : op.value.toUpperCase()}`;
      break;
    case 'isdistinct':
      body = `${fld} IS DISTINCT FROM ${p(op.value)}`;
      break;
    case 'in':
      body =
        op.values.length === 1 && op.values[0] === ''
          ? `${fld} = ANY('{}')`
          : `${fld} = ANY (${p(arrayLiteral(op.values))})`;
      break;
    case 'fts': {
      const lang = op.lang === undefined ? '' : `${p(op.lang)}, `;
      body = `${fld} @@ ${FTS[op.op]}(${lang}${p(op.value)})`;
      break;
    }
  }
  return not ? `NOT (${body})` : body;
}

export function logicSql(
  l: CLogic,
  ctx: FieldCtx,
  nullEmbed: (l: Extract<CLogic, { t: 'nullEmbed' }>) => string,
): string {
  if (l.t === 'filter') return filterSql(l.filter, ctx);
  if (l.t === 'nullEmbed') return nullEmbed(l);
  const inner = l.children
    .map((c) => logicSql(c, ctx, nullEmbed))
    .join(l.op === 'and' ? ' AND ' : ' OR ');
  return `${l.not ? 'NOT ' : ''}(${inner})`;
}
