// The read plan: a tree of nodes (root relation plus embedded resources)
// carrying select, filters, order and ranges, with relationships resolved
// and internal aliases named as PostgREST names them (v14 Plan.hs).
import type { LogicTree, RowRange, SelectItem } from './ast.ts';
import { RestError } from './errors.ts';
import { findRel } from './find-rel.ts';
import type { QueryParams } from './query-params.ts';
import { treePath } from './query-params.ts';
import { qiKey } from './schema-cache.ts';
import type { CLogic, ReadNode } from './plan-types.ts';
import { ident, qident } from './sql-text.ts';
import {
  checkAggregates,
  jsonPathAliases,
  nullEmbedFilters,
  relatedOrders,
  restrictRange,
} from './plan-passes.ts';
import type { Relationship, SchemaCache, Table } from './schema-types.ts';
export { columnsNeeded } from './plan-passes.ts';

export type PlanKind = 'read' | 'mutate' | 'rpc';

const ALL: RowRange = { offset: 0 };

function initTree(
  items: SelectItem[],
  node: ReadNode,
  cache: SchemaCache,
  schema: string,
): ReadNode {
  for (const it of items) {
    if (it.kind === 'field') {
      node.select.push(it);
      continue;
    }
    const child: ReadNode = {
      name: it.name,
      alias: it.alias,
      hint: it.hint,
      join: it.join,
      spread: it.spread,
      depth: node.depth + 1,
      table: cache.tables.get(qiKey(schema, it.name)),
      fromSql: qident(schema, it.name),
      qual: qident(schema, it.name),
      aggAlias: '',
      joinConds: [],
      select: [],
      where: [],
      order: [],
      range: ALL,
      children: [],
    };
    node.children.push(initTree(it.children, child, cache, schema));
  }
  return node;
}

function findNode(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const step of path) {
    const next = node.children.find((c) => c.name === step || c.alias === step);
    if (!next) throw RestError.notEmbedded(step);
    node = next;
  }
  return node;
}

export const toLogic = (t: LogicTree): CLogic =>
  t.t === 'stmt'
    ? { t: 'filter', filter: t.filter }
    : { t: 'expr', not: t.not, op: t.op, children: t.children.map(toLogic) };

function joinConditions(
  rel: Relationship,
  schema: string,
  childAlias: string | undefined,
  parentQual: string,
): string[] {
  const childQual = (table: string) =>
    childAlias ? ident(childAlias) : qident(schema, table);
  if (rel.card === 'computed') return [];
  if (rel.card === 'm2m' && rel.junction) {
    const j = qident(schema, rel.junction.table.name);
    const target = qident(schema, rel.foreignTable.name);
    return [
      ...rel.junction.colsTarget.map(
        ([c, jc]) => `${j}.${ident(jc)} = ${target}.${ident(c)}`,
      ),
      ...rel.junction.colsSource.map(
        ([c, jc]) => `${j}.${ident(jc)} = ${parentQual}.${ident(c)}`,
      ),
    ];
  }
  return rel.columns.map(
    ([c, fc]) =>
      `${childQual(rel.foreignTable.name)}.${ident(fc)} = ${parentQual}.${ident(c)}`,
  );
}

function addRels(
  node: ReadNode,
  parent: ReadNode,
  originName: string,
  cache: SchemaCache,
  schema: string,
): void {
  const rel = findRel(cache, schema, originName, node.name, node.hint);
  const ft = rel.foreignTable;
  node.rel = rel;
  node.table = ft;
  node.aggAlias = `${rel.table.name}_${node.alias ?? node.name}_${node.depth}`;
  if (rel.card === 'm2m' && rel.junction) {
    node.fromSql = `${qident(ft.schema, ft.name)}, ${qident(schema, rel.junction.table.name)}`;
    node.qual = qident(ft.schema, ft.name);
    node.fromAlias = undefined;
  } else {
    node.fromAlias = `${ft.name}_${node.depth}`;
    node.qual = ident(node.fromAlias);
    node.fromSql =
      rel.card === 'computed' && rel.fn
        ? `${qident(rel.fn.schema, rel.fn.name)}(${ident(
            parent.fromAlias ?? rel.table.name,
          )}::${qident(rel.table.schema, rel.table.name)})`
        : qident(ft.schema, ft.name);
  }
  node.joinConds = joinConditions(rel, schema, node.fromAlias, parent.qual);
  for (const c of node.children) addRels(c, node, ft.name, cache, schema);
}

/** Postgres allows 1664 target-list entries; a margin for our own. */
export const MAX_TARGET_WIDTH = 1600;

/** Target-list entries of a node's SELECT, with `*` expanded. */
function targetWidth(node: ReadNode): number {
  const own = node.select.reduce(
    (n, s) =>
      n +
      (s.field.name === '*' && !s.agg ? (node.table?.columns.length ?? 1) : 1),
    0,
  );
  return node.children.reduce(
    (n, c) => n + (c.spread ? targetWidth(c) : 1),
    own,
  );
}

function checkWidth(node: ReadNode): void {
  const width = targetWidth(node);
  if (width > MAX_TARGET_WIDTH)
    throw RestError.tooBig(
      'Too many columns in the select parameter',
      `It selects ${width} columns at one level once '*' is expanded; at most ${MAX_TARGET_WIDTH} are allowed.`,
      "Select fewer columns, or '*'.",
    );
  for (const c of node.children) checkWidth(c);
}

export interface PlanInput {
  cache: SchemaCache;
  schema: string;
  /** Name the root is known by (table, or function for scalar RPCs). */
  rootName: string;
  rootTable?: Table;
  qp: QueryParams;
  kind: PlanKind;
  maxRows: number;
  topRange: RowRange;
  /** db-aggregates-enabled; otherwise an aggregate is PGRST123. */
  aggregatesEnabled?: boolean;
}

export function buildReadPlan(input: PlanInput): ReadNode {
  const { cache, schema, rootName, rootTable, qp, kind } = input;
  const onCte = kind !== 'read';
  const root = initTree(
    qp.select,
    {
      name: rootName,
      spread: false,
      depth: 0,
      table: rootTable,
      fromSql: onCte ? '"pgrst_source"' : qident(schema, rootName),
      fromAlias: onCte ? rootName : undefined,
      qual: onCte ? ident(rootName) : qident(schema, rootName),
      aggAlias: '',
      joinConds: [],
      select: [],
      where: [],
      order: [],
      range: ALL,
      children: [],
    },
    cache,
    schema,
  );
  const isMut = kind === 'mutate';
  for (let i = qp.filters.length - 1; i >= 0; i--) {
    const [path, filter] = qp.filters[i] ?? [[], undefined];
    if (!filter || (isMut && path.length === 0)) continue;
    findNode(root, path).where.unshift({ t: 'filter', filter });
  }
  for (let i = qp.order.length - 1; i >= 0; i--) {
    const [path, terms] = qp.order[i] ?? [[], []];
    findNode(root, path).order = terms;
  }
  if (!isMut) {
    for (const [key, range] of [...qp.ranges.entries()].reverse()) {
      const path = key === '' ? [] : treePath(`${key}.limit`)[0];
      findNode(root, path).range = path.length === 0 ? input.topRange : range;
    }
    if (!qp.ranges.has('')) root.range = input.topRange;
  }
  for (let i = qp.logic.length - 1; i >= 0; i--) {
    const [path, tree] = qp.logic[i] ?? [[], undefined];
    if (!tree || (isMut && path.length === 0)) continue;
    findNode(root, path).where.unshift(toLogic(tree));
  }
  const originName = root.name;
  for (const c of root.children) addRels(c, root, originName, cache, schema);
  jsonPathAliases(root);
  relatedOrders(root);
  nullEmbedFilters(root);
  if (!input.aggregatesEnabled) checkAggregates(root);
  checkWidth(root);
  if (!isMut) restrictRange(root, input.maxRows);
  return root;
}
