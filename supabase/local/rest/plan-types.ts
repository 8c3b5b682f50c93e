// The read plan's nodes (PostgREST's Plan): a leaf module, so the plan, its
// passes and the SQL builder import one way.
import type { Filter, OrderTerm, RowRange, SelectField } from './ast.ts';
import type { Relationship, Table } from './schema-types.ts';

export type CLogic =
  | { t: 'filter'; filter: Filter }
  | { t: 'nullEmbed'; not: boolean; child: ReadNode }
  | { t: 'expr'; not: boolean; op: 'and' | 'or'; children: CLogic[] };

export interface ReadNode {
  name: string;
  alias?: string;
  hint?: string;
  join?: 'inner' | 'left';
  spread: boolean;
  depth: number;
  /** Relation whose columns are selected (for column types). */
  table?: Table;
  /** FROM item, e.g. `"public"."users"` or `"pgrst_source"`. */
  fromSql: string;
  fromAlias?: string;
  /** How columns are qualified, e.g. `"public"."users"` or `"users_1"`. */
  qual: string;
  rel?: Relationship;
  aggAlias: string;
  joinConds: string[];
  select: SelectField[];
  where: CLogic[];
  order: OrderTerm[];
  range: RowRange;
  children: ReadNode[];
}
