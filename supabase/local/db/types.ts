/** A row set as both adapters return it: json parsed, int8 as number, numeric as string, timestamps as Date. */
export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<QueryResult<T>>;
  /** Runs a script of several statements with no parameters. */
  exec(sql: string): Promise<void>;
}

/** How a request-scoped transaction is opened (PostgREST's pre-request settings). */
export interface TxOptions {
  readOnly?: boolean;
  /** Database role to switch to with `set_config('role', …, true)`. */
  role?: string;
  /** Extra transaction-local settings, e.g. `request.jwt.claims`. */
  settings?: Record<string, string>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(
    fn: (tx: Queryable) => Promise<T>,
    options?: TxOptions,
  ): Promise<T>;
  /**
   * One statement in a transaction of its own, after the role and settings of
   * `options`: the shape of a PostgREST request. Drivers that can pipeline send
   * it in one round trip. Parameters are text or null.
   */
  statement<T = Record<string, unknown>>(
    sql: string,
    params: (string | null)[],
    options: TxOptions,
  ): Promise<QueryResult<T>>;
  /** Delivers NOTIFY payloads of `channel`; returns the unsubscribe function. */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A Postgres error as both adapters surface it (the fields of the ErrorResponse message). */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string';
}
