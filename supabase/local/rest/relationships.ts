// Relationship detection (PostgREST's SchemaCache): many-to-one and
// one-to-one from foreign keys, the same through views, many-to-many through
// junction tables, their inverses, and computed relationships.
import type {
  Cardinality,
  Relationship,
  Routine,
  Table,
} from './schema-types.ts';
import { mapThrough, viewSources, type ViewDep } from './view-keys.ts';

export interface ConstraintRow {
  name: string;
  type: string;
  relid: number;
  frelid: number;
  cols: string[];
  fcols: string[];
}

const ORDER: Record<Cardinality, number> = {
  o2m: 0,
  m2o: 1,
  o2o: 2,
  m2m: 3,
  computed: 4,
};

const cmpStr = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const cmpQi = (a: Table, b: Table) =>
  cmpStr(a.schema, b.schema) || cmpStr(a.name, b.name);

function compareRels(a: Relationship, b: Relationship): number {
  return (
    cmpQi(a.table, b.table) ||
    cmpQi(a.foreignTable, b.foreignTable) ||
    Number(a.isSelf) - Number(b.isSelf) ||
    ORDER[a.card] - ORDER[b.card] ||
    (a.junction && b.junction
      ? cmpQi(a.junction.table, b.junction.table) ||
        cmpStr(a.junction.cons1, b.junction.cons1) ||
        cmpStr(a.junction.cons2, b.junction.cons2)
      : cmpStr(a.constraint, b.constraint)) ||
    cmpStr(JSON.stringify(a.columns), JSON.stringify(b.columns))
  );
}

const fkRel = (
  table: Table,
  foreignTable: Table,
  card: 'm2o' | 'o2o',
  constraint: string,
  columns: [string, string][],
  isSelf: boolean,
): Relationship => ({
  table,
  foreignTable,
  isSelf,
  card,
  constraint,
  columns,
  isParent: false,
  toOne: true,
});

export function buildRelationships(input: {
  tablesByOid: Map<number, Table>;
  constraints: ConstraintRow[];
  viewDeps: ViewDep[];
}): Map<string, Relationship[]> {
  const { tablesByOid, constraints } = input;
  const sources = viewSources(tablesByOid, input.viewDeps);
  const views = [...sources.entries()].flatMap(([oid, s]) => {
    const t = tablesByOid.get(oid);
    return t ? [{ view: t, s }] : [];
  });

  for (const { view, s } of views) {
    for (const c of constraints) {
      if (c.type !== 'p' || view.pk.length > 0) continue;
      const mapped = mapThrough(s, c.relid, c.cols);
      if (mapped) view.pk = mapped;
    }
  }

  const keySets = new Map<number, string[]>();
  for (const c of constraints)
    if (c.type === 'p' || c.type === 'u')
      keySets.set(c.relid, [
        ...(keySets.get(c.relid) ?? []),
        [...c.cols].sort().join(','),
      ]);

  const base: Relationship[] = [];
  for (const c of constraints) {
    if (c.type !== 'f') continue;
    const t = tablesByOid.get(c.relid);
    const ft = tablesByOid.get(c.frelid);
    if (!t || !ft) continue;
    const cols = c.cols.map((x, i): [string, string] => [x, c.fcols[i] ?? '']);
    const o2o = (keySets.get(c.relid) ?? []).includes(
      [...c.cols].sort().join(','),
    );
    const card = o2o ? 'o2o' : 'm2o';
    base.push(fkRel(t, ft, card, c.name, cols, c.relid === c.frelid));
    const fromViews = views.flatMap(({ view, s }) => {
      const m = mapThrough(s, t.oid, c.cols);
      return m ? [{ view, cols: m }] : [];
    });
    const toViews = views.flatMap(({ view, s }) => {
      const m = mapThrough(s, ft.oid, c.fcols);
      return m ? [{ view, cols: m }] : [];
    });
    const zip = (a: string[], b: string[]) =>
      a.map((x, i): [string, string] => [x, b[i] ?? '']);
    for (const v of fromViews)
      base.push(fkRel(v.view, ft, card, c.name, zip(v.cols, c.fcols), false));
    for (const w of toViews)
      base.push(fkRel(t, w.view, card, c.name, zip(c.cols, w.cols), false));
    for (const v of fromViews)
      for (const w of toViews)
        base.push(
          fkRel(
            v.view,
            w.view,
            card,
            c.name,
            zip(v.cols, w.cols),
            v.view === w.view,
          ),
        );
  }

  const m2m: Relationship[] = [];
  for (const r1 of base) {
    if (r1.card !== 'm2o') continue;
    for (const r2 of base) {
      if (
        r2.card !== 'm2o' ||
        r2.table !== r1.table ||
        r2.constraint === r1.constraint
      )
        continue;
      const jcols = new Set([...r1.columns, ...r2.columns].map((c) => c[0]));
      const pk = new Set(r1.table.pk);
      if (![...jcols].every((c) => pk.has(c))) continue;
      const swap = (cs: [string, string][]) =>
        cs.map(([a, b]): [string, string] => [b, a]);
      m2m.push({
        table: r1.foreignTable,
        foreignTable: r2.foreignTable,
        isSelf: r1.foreignTable === r2.foreignTable,
        card: 'm2m',
        constraint: '',
        columns: [],
        isParent: false,
        toOne: false,
        junction: {
          table: r1.table,
          cons1: r1.constraint,
          cons2: r2.constraint,
          colsSource: swap(r1.columns),
          colsTarget: swap(r2.columns),
        },
      });
    }
  }

  const inverse = base.map((r): Relationship => ({
    ...r,
    table: r.foreignTable,
    foreignTable: r.table,
    card: r.card === 'm2o' ? 'o2m' : 'o2o',
    columns: r.columns.map(([a, b]): [string, string] => [b, a]),
    isParent: r.card === 'o2o',
    toOne: r.card === 'o2o',
  }));

  const out = new Map<string, Relationship[]>();
  for (const r of [...base, ...m2m, ...inverse]) {
    const key = `${r.table.schema}.${r.table.name}`;
    out.set(key, [...(out.get(key) ?? []), r]);
  }
  return out;
}

/** Adds computed relationships (`f(parent_row) returns [setof] table`). */
export function addComputedRelationships(
  rels: Map<string, Relationship[]>,
  routines: Routine[],
  tablesByOid: Map<number, Table>,
): void {
  for (const fn of routines) {
    if (fn.argRelid === null || !fn.retRelid || fn.params.length !== 1)
      continue;
    const table = tablesByOid.get(fn.argRelid);
    const ft = tablesByOid.get(fn.retRelid);
    if (!table || !ft) continue;
    const key = `${table.schema}.${table.name}`;
    // A function named like a related table overrides the detected relationships.
    const kept = (rels.get(key) ?? []).filter(
      (r) =>
        r.card === 'computed' ||
        !(
          r.foreignTable.schema === fn.schema && r.foreignTable.name === fn.name
        ),
    );
    kept.push({
      table,
      foreignTable: ft,
      isSelf: table === ft,
      card: 'computed',
      constraint: fn.name,
      columns: [],
      isParent: false,
      fn,
      toOne: !fn.setof || fn.rows === 1,
    });
    rels.set(key, kept);
  }
  for (const list of rels.values()) list.sort(compareRels);
}
