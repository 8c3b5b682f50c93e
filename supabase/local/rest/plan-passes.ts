// Passes over a read plan once relationships are known: JSON-path aliases,
// related orders, embed null filters, aggregate and max-rows checks.
import { RestError } from './errors.ts';
import type { CLogic, ReadNode } from './plan-types.ts';

export function jsonPathAliases(node: ReadNode): void {
  node.select = node.select.map((s) => {
    if (s.alias || s.agg || s.field.path.length === 0) return s;
    const key = [...s.field.path].reverse().find((j) => !j.index)?.key;
    return key === undefined ? s : { ...s, alias: key };
  });
  node.children.forEach(jsonPathAliases);
}

export function relatedOrders(node: ReadNode): void {
  node.order = node.order.map((o) => {
    if (o.relation === undefined) return o;
    const child = node.children.find((c) => (c.alias ?? c.name) === o.relation);
    if (!child) throw RestError.notEmbedded(o.relation);
    if (!child.rel?.toOne)
      throw new RestError(
        400,
        'PGRST118',
        `A related order on '${child.alias ?? child.name}' is not possible`,
        `'${node.table?.name ?? node.name}' and '${child.alias ?? child.name}' do not form a many-to-one or one-to-one relationship`,
      );
    return { ...o, relation: child.aggAlias };
  });
  node.children.forEach(relatedOrders);
}

export function nullEmbedFilters(node: ReadNode): void {
  const conv = (l: CLogic): CLogic => {
    if (l.t === 'expr') return { ...l, children: l.children.map(conv) };
    if (l.t !== 'filter') return l;
    const f = l.filter;
    if (f.field.path.length > 0) return l;
    const child = node.children.find(
      (c) => (c.alias ?? c.name) === f.field.name,
    );
    if (child && f.expr.op.t === 'is' && f.expr.op.value === 'null')
      return { t: 'nullEmbed', not: f.expr.not, child };
    return l;
  };
  node.where = node.where.map(conv);
  node.children.forEach(nullEmbedFilters);
}

export function checkAggregates(node: ReadNode): void {
  if (node.select.some((s) => s.agg))
    throw new RestError(
      400,
      'PGRST123',
      'Use of aggregate functions is not allowed',
    );
  node.children.forEach(checkAggregates);
}

export function restrictRange(node: ReadNode, maxRows: number): void {
  const r = node.range;
  if (r.limit !== 0)
    node.range = {
      offset: r.offset,
      limit: r.limit === undefined ? maxRows : Math.min(r.limit, maxRows),
    };
  node.children.forEach((c) => restrictRange(c, maxRows));
}

/** Columns a mutation or call must return for the read plan to work. */
export function columnsNeeded(root: ReadNode, pk: string[]): string[] {
  const names = root.select.map((s) => s.field.name);
  if (names.includes('*')) return ['*'];
  if (root.children.some((c) => c.rel?.card === 'computed')) return ['*'];
  const fk = root.children.flatMap((c) => {
    const r = c.rel;
    if (!r) return [];
    if (r.card === 'm2m') return r.junction?.colsSource.map((x) => x[0]) ?? [];
    return r.columns.map((x) => x[0]);
  });
  return [...new Set([...names, ...fk, ...pk])].sort();
}
