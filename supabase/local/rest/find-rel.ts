// Resolving `select=target!hint(...)` from an origin to one relationship
// (v14 Plan.hs findRel), with PGRST200 / PGRST201 errors.
import { RestError } from './errors.ts';
import { fuzzyGet, fuzzyOne } from './fuzzy.ts';
import type { Relationship, SchemaCache } from './schema-types.ts';

const single = (r: Relationship) =>
  r.columns.length === 1 ? r.columns[0] : undefined;

function candidates(
  rels: Relationship[],
  target: string,
  hint: string | undefined,
): Relationship[] {
  return rels.filter((r) => {
    if (r.card === 'computed') return target === r.fn?.name;
    const ftName = r.foreignTable.name;
    const fkCol = r.card !== 'm2m' ? single(r)?.[0] : undefined;
    const fkRef = r.card !== 'm2m' ? single(r)?.[1] : undefined;
    const cons = r.card !== 'm2m' ? r.constraint : undefined;
    if (r.isSelf) {
      if (hint === undefined)
        return (
          (target === ftName && r.card === 'o2m') ||
          (fkCol === target && r.card === 'm2o')
        );
      return target === ftName && r.card === 'o2m' && fkRef === hint;
    }
    if (hint === undefined)
      return (
        target === ftName ||
        (cons === target && !r.foreignTable.isView) ||
        (fkCol === target && !r.foreignTable.isView)
      );
    return (
      target === ftName &&
      (cons === hint ||
        fkCol === hint ||
        fkRef === hint ||
        (r.card === 'm2m' && r.junction?.table.name === hint))
    );
  });
}

const fmtCols = (cols: string[]) => `(${cols.join(', ')})`;

function describe(r: Relationship) {
  const t = r.table.name;
  const ft = r.foreignTable.name;
  const card = {
    m2m: 'many-to-many',
    m2o: 'many-to-one',
    o2o: 'one-to-one',
    o2m: 'one-to-many',
    computed: '',
  }[r.card];
  const relationship =
    r.card === 'm2m' && r.junction
      ? `${r.junction.table.name} using ${r.junction.cons1}${fmtCols(
          r.junction.colsSource.map((c) => c[1]),
        )} and ${r.junction.cons2}${fmtCols(r.junction.colsTarget.map((c) => c[1]))}`
      : `${r.constraint} using ${t}${fmtCols(r.columns.map((c) => c[0]))} and ${ft}${fmtCols(
          r.columns.map((c) => c[1]),
        )}`;
  return { cardinality: card, embedding: `${t} with ${ft}`, relationship };
}

/**
 * PostgREST's `noRelBetweenHint`. Its relationships map is keyed by (table,
 * schema of the foreign table), so a "parent" is any exposed table with a
 * relationship into `schema`: when the origin is one, the hint suggests a
 * child (never the exact one); when it is not, it suggests a parent; and it
 * is null when nothing is close enough.
 */
function noRelHint(
  cache: SchemaCache,
  schema: string,
  parent: string,
  child: string,
): string | null {
  const into = (rels: Relationship[]) =>
    rels.filter((r) => r.foreignTable.schema === schema);
  const parents = [...cache.relationships.values()]
    .map(into)
    .filter((rels) => rels.length > 0)
    .map((rels) => rels[0]!.table)
    .filter((t) => cache.schemas.includes(t.schema))
    .map((t) => t.name);
  const own = into(cache.relationships.get(`${schema}.${parent}`) ?? []);
  if (own.length > 0) {
    const children = own
      .filter(
        (r) => !r.junction || cache.schemas.includes(r.junction.table.schema),
      )
      .map((r) => r.foreignTable.name);
    const hit = fuzzyGet(children, child).find(([score]) => score < 1);
    return hit ? `Perhaps you meant '${hit[1]}' instead of '${child}'.` : null;
  }
  const p = fuzzyOne(parents, parent);
  return p ? `Perhaps you meant '${p}' instead of '${parent}'.` : null;
}

export function findRel(
  cache: SchemaCache,
  schema: string,
  origin: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const all = (cache.relationships.get(`${schema}.${origin}`) ?? []).filter(
    (r) =>
      r.foreignTable.schema === schema &&
      (!r.junction || cache.schemas.includes(r.junction.table.schema)),
  );
  const found = candidates(all, target, hint);
  const [first] = found;
  if (found.length === 1 && first) return first;
  if (found.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}${
        hint === undefined ? '' : `' using the hint '${hint}`
      }' in the schema '${schema}', but no matches were found.`,
      noRelHint(cache, schema, origin, target),
    );
  }
  const hints = found
    .map((r) => {
      const via =
        r.card === 'm2m' ? (r.junction?.table.name ?? '') : r.constraint;
      return `'${r.foreignTable.name}!${via}'`;
    })
    .join(', ');
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${origin}' and '${target}'`,
    found.map(describe),
    `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
  );
}
