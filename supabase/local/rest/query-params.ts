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
  const select = parse(
    pSelect,
    `failed to parse select parameter (${selectRaw})`,
    selectRaw,
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
