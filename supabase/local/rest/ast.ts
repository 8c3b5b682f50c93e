// The parsed form of a PostgREST request's query string.

export interface JsonOp {
  /** `->` keeps json, `->>` extracts text. */
  arrow: '->' | '->>';
  key: string;
  /** An array index (`->0`, `->-1`) rather than an object key. */
  index: boolean;
}

export interface Field {
  name: string;
  path: JsonOp[];
}

export type AggregateFn = 'sum' | 'avg' | 'count' | 'max' | 'min';

export interface SelectField {
  kind: 'field';
  field: Field;
  alias?: string;
  cast?: string;
  agg?: AggregateFn;
  aggCast?: string;
}

export interface SelectRelation {
  kind: 'relation';
  name: string;
  alias?: string;
  hint?: string;
  join?: 'inner' | 'left';
  spread: boolean;
  children: SelectItem[];
}

export type SelectItem = SelectField | SelectRelation;

export type SimpleOp =
  'neq' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj';
export type QuantOp =
  'eq' | 'gte' | 'gt' | 'lte' | 'lt' | 'like' | 'ilike' | 'match' | 'imatch';
export type FtsOp = 'fts' | 'plfts' | 'phfts' | 'wfts';
export type IsVal = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { t: 'in'; values: string[] }
  | { t: 'is'; value: IsVal }
  | { t: 'isdistinct'; value: string }
  | { t: 'fts'; op: FtsOp; lang?: string; value: string }
  | { t: 'simple'; op: SimpleOp; value: string }
  | { t: 'quant'; op: QuantOp; quant?: 'any' | 'all'; value: string };

export interface OpExpr {
  not: boolean;
  op: Operation;
}

export interface Filter {
  field: Field;
  expr: OpExpr;
}

export type LogicTree =
  | { t: 'stmt'; filter: Filter }
  | { t: 'expr'; not: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  field: Field;
  /** `order=rel(col)`: ordering by a to-one embedded resource. */
  relation?: string;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Rows `offset … offset+limit-1`; `limit` undefined means all. */
export interface RowRange {
  offset: number;
  limit?: number;
}

export type EmbedPath = string[];
