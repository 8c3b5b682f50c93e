import type { JWTPayload } from 'jose';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export type FilterOp =
  | 'eq'
  | 'neq'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'in'
  | 'like'
  | 'ilike'
  | 'is'
  | 'match'
  | 'imatch'
  | 'isdistinct';

/** One `column=[not.]op.value` condition; `in` values are array literals. */
export interface Filter {
  column: string;
  op: FilterOp;
  value: string;
  negate: boolean;
}

/** A `postgres_changes` entry of a join, parsed as Realtime parses it. */
export interface ChangeParams {
  event: '*' | ChangeType;
  schema: string;
  /** `*` listens to every published table of the schema. */
  table: string;
  filters: Filter[];
  select: string[] | null;
}

export type RealtimeClaims = JWTPayload & { role: string };

/** A joined channel as change delivery sees it. */
export interface Listener {
  readonly topic: string;
  readonly claims: RealtimeClaims;
  push(event: string, payload: unknown): void;
}

/** A published table a subscription matched. */
export interface Entity {
  schema: string;
  table: string;
}

export interface Subscription {
  /** The `id` echoed in the join reply and listed in `ids` of each event. */
  id: number;
  params: ChangeParams;
  entities: Entity[];
  listener: Listener;
}

/** A row change read back from `realtime.captured_changes`, in commit order. */
export interface CapturedChange {
  schema: string;
  table: string;
  type: ChangeType;
  /** JSON text of the new row (INSERT, UPDATE). */
  record: string | null;
  /** JSON text of the whole old row (UPDATE, DELETE). */
  oldRecord: string | null;
  commitTimestamp: string;
}

export const entityKey = (schema: string, table: string) =>
  JSON.stringify([schema, table]);
