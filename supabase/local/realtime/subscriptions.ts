// Parsing of `postgres_changes` join entries with the rules and messages of
// Realtime's `PostgresCdcRls.Subscriptions.parse_subscription_params/1`.
import { isObject } from './protocol.ts';
import type { ChangeParams, Filter, FilterOp } from './types.ts';

const OPS: readonly string[] = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
];

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Elixir's `inspect/1` of a decoded JSON value, as Realtime's messages print it. */
export function inspect(v: unknown): string {
  if (v === null || v === undefined) return 'nil';
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(inspect).join(', ')}]`;
  if (isObject(v)) {
    const pairs = Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)} => ${inspect(v[k])}`);
    return `%{${pairs.join(', ')}}`;
  }
  return String(v);
}

/** Splits on commas outside double quotes and parentheses (`split_top_level`). */
function splitTopLevel(filter: string): string[] {
  const out: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let prev = '';
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i]!;
    if (quoted) {
      if (c === '\\' && i + 1 < filter.length) {
        current += c + filter[++i];
        continue;
      }
      if (c === '"') quoted = false;
      current += c;
    } else if (c === '"' && (prev === '.' || prev === '(' || prev === ',')) {
      quoted = true;
      current += c;
    } else if (c === ',' && depth === 0) {
      out.push(current);
      current = '';
      prev = '';
      continue;
    } else {
      if (c === '(') depth++;
      if (c === ')') depth = Math.max(0, depth - 1);
      current += c;
    }
    prev = c;
  }
  out.push(current);
  return out;
}

/** `"a\"b"` → `a"b`; anything not a single well-formed quoted string stays as written. */
function unquote(value: string): string {
  const m = /^"((?:[^"\\]|\\.)*)"$/s.exec(value);
  return m ? m[1]!.replace(/\\(.)/gs, '$1') : value;
}

function parseSegment(segment: string): Parsed<Filter> {
  const trimmed = segment.trim();
  if (trimmed === '') {
    return {
      ok: false,
      message:
        'filter must not contain empty segments (check for extra commas)',
    };
  }
  const eq = trimmed.indexOf('=');
  if (eq === -1) return { ok: false, message: inspect([trimmed]) };
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  const negate = rest.startsWith('not.');
  if (negate) rest = rest.slice(4);
  const dot = rest.indexOf('.');
  if (dot === -1) return { ok: false, message: inspect([rest]) };
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (!OPS.includes(op)) return { ok: false, message: inspect([op, value]) };
  if (op !== 'in')
    return {
      ok: true,
      value: { column, op: op as FilterOp, value: unquote(value), negate },
    };
  if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')')) {
    return {
      ok: false,
      message: '`in` filter value must be wrapped by parentheses',
    };
  }
  return {
    ok: true,
    value: { column, op: 'in', value: `{${value.slice(1, -1)}}`, negate },
  };
}

export function parseFilters(filter: string): Parsed<Filter[]> {
  if (filter.trim() === '') return { ok: true, value: [] };
  const filters: Filter[] = [];
  for (const segment of splitTopLevel(filter.trim())) {
    const r = parseSegment(segment);
    if (!r.ok)
      return {
        ok: false,
        message: `Error parsing \`filter\` params: ${r.message}`,
      };
    filters.push(r.value);
  }
  return { ok: true, value: filters };
}

function actionFilter(event: unknown): ChangeParams['event'] {
  const e = typeof event === 'string' ? event.toUpperCase() : '*';
  return e === 'INSERT' || e === 'UPDATE' || e === 'DELETE' ? e : '*';
}

function parseSelect(raw: Record<string, unknown>): Parsed<string[] | null> {
  const s = raw.select;
  if (typeof s === 'string') {
    return {
      ok: false,
      message:
        'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]',
    };
  }
  const cols = Array.isArray(s)
    ? s.filter((c): c is string => typeof c === 'string')
    : [];
  return { ok: true, value: cols.length ? cols : null };
}

/** One `config.postgres_changes` entry → subscription parameters. */
export function parseChangeParams(raw: unknown): Parsed<ChangeParams> {
  const p = isObject(raw) ? raw : {};
  const select = parseSelect(p);
  if (!select.ok) return select;
  const str = (k: string) => typeof p[k] === 'string';
  const has = (k: string) => k in p;
  let schema: string;
  let table: string;
  let filters: Filter[] = [];
  if (str('schema') && str('table') && str('filter')) {
    const f = parseFilters(p.filter as string);
    if (!f.ok) return f;
    [schema, table, filters] = [p.schema as string, p.table as string, f.value];
  } else if (str('schema') && str('table') && !has('filter')) {
    [schema, table] = [p.schema as string, p.table as string];
  } else if (str('schema') && !has('table') && !has('filter')) {
    [schema, table] = [p.schema as string, '*'];
  } else if (str('table') && !has('schema') && !has('filter')) {
    [schema, table] = ['public', p.table as string];
  } else {
    return {
      ok: false,
      message: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${inspect(raw)}`,
    };
  }
  if (select.value && (schema === '*' || table === '*')) {
    return {
      ok: false,
      message:
        'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
    };
  }
  return {
    ok: true,
    value: {
      event: actionFilter(p.event),
      schema,
      table,
      filters,
      select: select.value,
    },
  };
}

/** The parameters as Realtime logs them in "Unable to subscribe…" messages. */
export function describeParams(p: ChangeParams): string {
  const filters = p.filters.map(
    (f) =>
      `{${[f.column, f.op, f.value].map(inspect).join(', ')}, ${f.negate}}`,
  );
  return `event: ${p.event}, schema: ${p.schema}, table: ${p.table}, filters: [${filters.join(', ')}], select: ${inspect(p.select)}`;
}

/**
 * A stable 27-bit id for an entry, standing in for Erlang's `phash2` of the
 * params: equal entries get equal ids on every socket.
 */
export function subscriptionId(raw: unknown): number {
  const canonical = (v: unknown): string =>
    isObject(v)
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
          .join(',')}}`
      : Array.isArray(v)
        ? `[${v.map(canonical).join(',')}]`
        : JSON.stringify(v ?? null);
  let h = 0x811c9dc5;
  for (const ch of canonical(raw)) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h & 0x7ffffff;
}
