// What views show of their base tables: view column → base (table, column),
// followed through views of views, so keys and foreign keys carry over.
import type { Table } from './schema-types.ts';

export interface ViewDep {
  view_oid: number;
  table_oid: number;
  col: string;
}

/** For each view: view column → the base-table columns it shows. */
export function viewSources(
  tablesByOid: Map<number, Table>,
  deps: ViewDep[],
): Map<number, Map<string, [number, string][]>> {
  const byView = new Map<number, ViewDep[]>();
  for (const d of deps)
    byView.set(d.view_oid, [...(byView.get(d.view_oid) ?? []), d]);
  const memo = new Map<number, Map<string, [number, string][]>>();
  const resolve = (oid: number, seen: Set<number>) => {
    const hit = memo.get(oid);
    if (hit) return hit;
    const out = new Map<string, [number, string][]>();
    const view = tablesByOid.get(oid);
    if (!view || seen.has(oid)) return out;
    seen.add(oid);
    for (const d of byView.get(oid) ?? []) {
      if (!view.columnMap.has(d.col)) continue;
      const base = tablesByOid.get(d.table_oid);
      if (!base) continue;
      const srcs = base.isView
        ? (resolve(base.oid, seen).get(d.col) ?? [])
        : [[base.oid, d.col] as [number, string]];
      out.set(d.col, [...(out.get(d.col) ?? []), ...srcs]);
    }
    memo.set(oid, out);
    return out;
  };
  for (const oid of byView.keys()) resolve(oid, new Set());
  return memo;
}

/** View columns covering `cols` of table `tableOid`, if the view shows all of them. */
export function mapThrough(
  sources: Map<string, [number, string][]>,
  tableOid: number,
  cols: string[],
): string[] | undefined {
  const out: string[] = [];
  for (const c of cols) {
    const hit = [...sources.entries()].find(([, srcs]) =>
      srcs.some(([t, bc]) => t === tableOid && bc === c),
    );
    if (!hit) return undefined;
    out.push(hit[0]);
  }
  return out;
}
