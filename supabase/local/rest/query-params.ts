// Splits and classifies a PostgREST query string (v14 `QueryParams.parse`).
import type {
  EmbedPath,
  Filter,
  LogicTree,
  OpExpr,
  OrderTerm,
  RowRange,
  SelectItem,
} from './ast.ts';
import { RestError } from './errors.ts';
import {
  pLogicPath,
  pLogicTree,
  pOpExpr,
  pSingleVal,
  pTreePath,
} from './filter-parser.ts';
import { pColumns } from './grammar.ts';
import { pOrder } from './order-parser.ts';
import { type P } from './parsec.ts';
import { runParser } from './parsec-run.ts';
import { pSelect } from './select-parser.ts';

export interface QueryParams {
  /** `key=value&…` sorted by key, as in `Content-Location`. */
  canonical: string;
  /** GET/HEAD RPC arguments (values that are not operator expressions). */
  rpcArgs: [string, string][];
  /** Keyed by the embed path joined with `.` (`''` is the top level). */
  ranges: Map<string, RowRange>;
  order: [EmbedPath, OrderTerm[]][];
  logic: [EmbedPath, LogicTree][];
  columns?: string[];
  select: SelectItem[];
  filters: [EmbedPath, Filter][];
  filterKeys: Set<string>;
  onConflict?: string[];
}

function decodeComponent(s: string): string {
  const plus = s.replace(/\+/g, ' ');
  if (!plus.includes('%')) return plus;
  const bytes: number[] = [];
  for (let i = 0; i < plus.length; i++) {
    const c = plus.charCodeAt(i);
    const hex = plus.slice(i + 1, i + 3);
    if (c === 37 && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      for (const b of Buffer.from(plus[i] ?? '', 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** http-types' `parseQueryReplacePlus`: `&` and `;` separate pairs. */
export function splitQuery(raw: string): [string, string | undefined][] {
  const out: [string, string | undefined][] = [];
  for (const piece of raw.split(/[&;]/)) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    if (eq === -1) out.push([decodeComponent(piece), undefined]);
    else
      out.push([
        decodeComponent(piece.slice(0, eq)),
        decodeComponent(piece.slice(eq + 1)),
      ]);
  }
  return out;
}

/** Network.HTTP.Base.urlEncode: every byte but unreserved ones escaped. */
function urlEncode(s: string): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~]/.test(ch)
      ? ch
      : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function canonicalOf(pairs: [string, string | undefined][]): string {
  const sorted = [...pairs].sort((a, b) =>
    a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0,
  );
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const [k] of sorted) {
    if (seen.has(k)) continue;
    seen.add(k);
    const vals = sorted
      .filter((p) => p[0] === k)
      .map((p) => urlEncode(p[1] ?? ''));
    parts.push(`${urlEncode(k)}=${vals.join(',')}`);
  }
  return parts.join('&');
}

// Bounds on what one request may ask for (red-team finding L10). PostgREST
// has none, but Postgres does: a target list holds at most 1664 entries,
// and parsing or planning a tree thousands of levels deep overflows the
// stack. A request past them is refused with a 400 before any SQL is built.
/** Columns and embedded resources of one `select`, at every level. */
export const MAX_SELECT_ITEMS = 1000;
/** Embedded resources of one `select`, at every level. */
export const MAX_EMBEDS = 100;
/** Parentheses inside one `select`, `and`/`or` or `order` value. */
export const MAX_NESTING = 32;
/** Filter conditions (`?col=…` and inside `and`/`or`) of one request. */
export const MAX_CONDITIONS = 1000;

/** Deepest parenthesis nesting outside double-quoted values. */
function nesting(v: string): number {
  let depth = 0;
  let max = 0;
  let quoted = false;
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') max = Math.max(max, ++depth);
    else if (c === ')') depth--;
  }
  return max;
}

function checkNesting(param: string, v: string): void {
  const depth = nesting(v);
  if (depth > MAX_NESTING)
    throw RestError.tooBig(
      `The ${param} parameter is nested too deeply`,
      `It has ${depth} levels of parentheses; at most ${MAX_NESTING} are allowed.`,
      'Flatten the expression.',
    );
}

function countSelect(items: SelectItem[]): { items: number; embeds: number } {
  let n = { items: 0, embeds: 0 };
  for (const it of items) {
    n.items++;
    if (it.kind === 'relation') {
      const c = countSelect(it.children);
      n = { items: n.items + c.items, embeds: n.embeds + 1 + c.embeds };
    }
  }
  return n;
}

const countConditions = (t: LogicTree): number =>
  t.t === 'stmt'
    ? 1
    : t.children.reduce((sum, c) => sum + countConditions(c), 0);

function parse<T>(p: P<T>, name: string, input: string): T {
  const r = runParser(p, name, input);
  if (!r.ok) throw RestError.parse(r.error.message, r.error.details);
  return r.value;
}

const lastWord = (k: string) => k.slice(k.lastIndexOf('.') + 1);
const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

function readInteger(v: string): number | undefined {
  return /^\s*-?\d+\s*$/.test(v) ? Number(v) : undefined;
}

export function treePath(key: string): [EmbedPath, string] {
  const [path, field] = parse(
    pTreePath,
    `failed to parse tree path (${key})`,
    key,
  );
  return [path, field.name];
}

function buildRanges(nonEmpty: [string, string][]): Map<string, RowRange> {
  const limits = new Map<string, number | undefined>();
  const offsets = new Map<string, number | undefined>();
  for (const [k, v] of nonEmpty) {
    const w = lastWord(k);
    const base = k.slice(0, Math.max(0, k.length - w.length - 1));
    // Later values win, as with Haskell's HashMap.fromList.
    if (w === 'limit') limits.set(base, readInteger(v));
    if (w === 'offset') offsets.set(base, readInteger(v));
  }
  const out = new Map<string, RowRange>();
  for (const key of new Set([...limits.keys(), ...offsets.keys()])) {
    out.set(key, { offset: offsets.get(key) ?? 0, limit: limits.get(key) });
  }
  return out;
}

/** Parses the query string; `isRpcRead` lets non-operator values be RPC arguments. */
export function parseQueryParams(raw: string, isRpcRead: boolean): QueryParams {
  const pairs = splitQuery(raw);
  const nonEmpty = pairs.filter(
    (p): p is [string, string] => p[1] !== undefined,
  );
  const lookup = (name: string) => pairs.find((p) => p[0] === name)?.[1];

  const order: [EmbedPath, OrderTerm[]][] = [];
  for (const [k, v] of nonEmpty) {
    if (lastWord(k) !== 'order') continue;
    const [path] = parse(pTreePath, `failed to parse tree path (${k})`, k);
    checkNesting('order', v);
    order.push([path, parse(pOrder, `failed to parse order (${v})`, v)]);
  }

  const logic: [EmbedPath, LogicTree][] = [];
  for (const [k, v] of nonEmpty) {
    const w = lastWord(k);
    if (w !== 'and' && w !== 'or') continue;
    const [path, op] = parse(
      pLogicPath,
      `failed to parse logic path (${k})`,
      k,
    );
    checkNesting(w, v);
    logic.push([
      path,
      parse(pLogicTree, `failed to parse logic tree (${v})`, op + v),
    ]);
  }

  const columnsRaw = lookup('columns');
  const columns =
    columnsRaw === undefined
      ? undefined
      : [
          ...new Set(
            parse(
              pColumns,
              `failed to parse columns parameter (${columnsRaw})`,
              columnsRaw,
            ),
          ),
        ];

  const selectRaw = lookup('select') ?? '*';
  checkNesting('select', selectRaw);
  const select = parse(
    pSelect,
    `failed to parse select parameter (${selectRaw})`,
    selectRaw,
  );
  const size = countSelect(select);
  if (size.items > MAX_SELECT_ITEMS)
    throw RestError.tooBig(
      'Too many columns in the select parameter',
      `It names ${size.items} columns and embedded resources; at most ${MAX_SELECT_ITEMS} are allowed.`,
      "Select fewer columns, or '*'.",
    );
  if (size.embeds > MAX_EMBEDS)
    throw RestError.tooBig(
      'Too many embedded resources in the select parameter',
      `It embeds ${size.embeds} resources; at most ${MAX_EMBEDS} are allowed.`,
      'Embed fewer resources.',
    );

  const filters: [EmbedPath, Filter][] = [];
  const rpcArgs: [string, string][] = [];
  const filterKeys = new Set<string>();
  for (const [k, v] of nonEmpty) {
    if (RESERVED.has(k) || RESERVED_EMBEDDABLE.has(lastWord(k))) continue;
    filterKeys.add(k);
    const [path, field] = parse(
      pTreePath,
      `failed to parse tree path (${k})`,
      k,
    );
    const name = `failed to parse filter (${v})`;
    const r = runParser(pOpExpr(pSingleVal), name, v);
    if (r.ok) filters.push([path, { field, expr: r.value as OpExpr }]);
    else if (isRpcRead && !r.consumed) rpcArgs.push([field.name, v]);
    else throw RestError.parse(r.error.message, r.error.details);
  }

  const conditions =
    filters.length +
    logic.reduce((sum, [, tree]) => sum + countConditions(tree), 0);
  if (conditions > MAX_CONDITIONS)
    throw RestError.tooBig(
      'Too many filters',
      `The request has ${conditions} filter conditions; at most ${MAX_CONDITIONS} are allowed.`,
      'Use fewer filters, or an in.(…) list.',
    );

  const onConflictRaw = lookup('on_conflict');
  const onConflict =
    onConflictRaw === undefined
      ? undefined
      : parse(
          pColumns,
          `failed to parse on_conflict parameter (${onConflictRaw})`,
          onConflictRaw,
        );

  return {
    canonical: canonicalOf(pairs),
    rpcArgs,
    ranges: buildRanges(nonEmpty),
    order,
    logic,
    columns,
    select,
    filters,
    filterKeys,
    onConflict,
  };
}
