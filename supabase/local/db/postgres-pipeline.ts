// Several extended-protocol statements sent to node-postgres in one write and
// answered in one round trip (node-postgres itself waits for each statement's
// ReadyForQuery before sending the next). Up to the Sync they run in one
// implicit transaction, or inside the explicit one a `begin` step opens.
// Statements get a name per connection, so Postgres parses (and, once it
// settles on a generic plan, plans) each distinct text once per connection;
// it invalidates those plans by itself on schema, role and RLS changes.
// A named statement's result columns cannot change (Postgres refuses with
// "cached plan must not change result type"), so once it has been described
// on a connection, later runs skip Describe and reuse its columns.
import type pg from 'pg';

export interface Step {
  text: string;
  values: (string | null)[];
  /**
   * Parse it as the unnamed statement: for SQL whose result columns could
   * change under DDL (`select *` …), which a named statement would then
   * refuse with "cached plan must not change result type".
   */
  unnamed?: boolean;
}

export interface PipelineResult {
  /** The rows of the last step, as text (null for SQL null). */
  rows: (string | null)[][];
  fields: { name: string; dataTypeID: number }[];
  /** The row count in the last step's command tag, as node-postgres reads it. */
  rowCount: number | null;
}

/** What a connection's Postgres session has parsed under which name. */
interface Named {
  names: Map<string, string>;
  /** The result columns of named statements already described. */
  fields: Map<string, Field[]>;
  next: number;
  /** Names whose Parse may or may not have succeeded: closed before reuse. */
  doubtful: string[];
}

/** The subset of node-postgres's Connection a Submittable writes to. */
interface Wire {
  stream: { cork?: () => void; uncork?: () => void };
  parse(q: { name: string; text: string; types: number[] }): void;
  bind(b: { statement: string; values: (string | null)[] }): void;
  describe(d: { type: 'P'; name: string }): void;
  execute(e: { portal: string }): void;
  close(c: { type: 'S'; name: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

interface Field {
  name: string;
  dataTypeID: number;
}

const named = new WeakMap<object, Named>();
/** Above this many statements on one connection, they are all closed and parsed afresh. */
const MAX_NAMED = 250;

class Pipeline implements pg.Submittable {
  private fields: Field[] = [];
  private rows: (string | null)[][] = [];
  private last: PipelineResult = { rows: [], fields: [], rowCount: null };
  private parsedNow: string[] = [];
  private state?: Named;
  private settled = false;
  /** Per step: its known columns (no Describe sent), or the name to remember them under. */
  private known: (Field[] | undefined)[] = [];
  private describing: (string | undefined)[] = [];
  private step = 0;
  private described = false;

  constructor(
    private readonly steps: Step[],
    private readonly resolve: (r: PipelineResult) => void,
    private readonly reject: (e: Error) => void,
  ) {}

  submit(connection: unknown): void {
    const wire = connection as Wire;
    let state = named.get(wire);
    if (!state) {
      state = { names: new Map(), fields: new Map(), next: 1, doubtful: [] };
      named.set(wire, state);
    }
    this.state = state;
    if (state.names.size + this.steps.length > MAX_NAMED) {
      state.doubtful.push(...state.names.values());
      state.names.clear();
      state.fields.clear();
    }
    wire.stream.cork?.();
    try {
      // Closing a statement that does not exist is not an error.
      for (const name of state.doubtful.splice(0))
        wire.close({ type: 'S', name });
      for (const step of this.steps) {
        if (step.unnamed) {
          wire.parse({ name: '', text: step.text, types: [] });
          wire.bind({ statement: '', values: step.values });
          wire.describe({ type: 'P', name: '' });
          wire.execute({ portal: '' });
          this.known.push(undefined);
          this.describing.push(undefined);
          continue;
        }
        let name = state.names.get(step.text);
        if (!name) {
          name = `peega_${state.next++}`;
          state.names.set(step.text, name);
          this.parsedNow.push(step.text);
          wire.parse({ name, text: step.text, types: [] });
        }
        const known = state.fields.get(name);
        wire.bind({ statement: name, values: step.values });
        if (!known) wire.describe({ type: 'P', name: '' });
        wire.execute({ portal: '' });
        this.known.push(known);
        this.describing.push(known ? undefined : name);
      }
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
  }

  handleRowDescription(msg: { fields: Field[] }) {
    this.fields = msg.fields;
    this.described = true;
    const name = this.describing[this.step];
    if (name) this.state?.fields.set(name, msg.fields);
  }

  handleDataRow(msg: { fields: (string | null)[] }) {
    this.rows.push(msg.fields);
  }

  /** One step is done: its rows are the answer unless another step follows. */
  handleCommandComplete(msg: { text?: string }) {
    // As node-postgres's Result reads the tag: `INSERT 0 5`, `UPDATE 3`, `SELECT 1`.
    const m = /^[A-Za-z]+(?: (\d+))?(?: (\d+))?/.exec(msg.text ?? '');
    const count = m?.[2] ?? m?.[1];
    this.last = {
      rows: this.rows,
      fields: this.described ? this.fields : (this.known[this.step] ?? []),
      rowCount: count === undefined ? null : Number(count),
    };
    this.nextStep();
  }

  handleEmptyQuery() {
    this.last = { rows: [], fields: [], rowCount: null };
    this.nextStep();
  }

  private nextStep() {
    this.step++;
    this.described = false;
    this.fields = [];
    this.rows = [];
  }

  handlePortalSuspended() {}

  handleCopyInResponse(connection: unknown) {
    (connection as Wire).sendCopyFail('No source stream defined');
  }

  handleCopyData() {}

  handleError(err: Error) {
    // Which of this call's Parse messages succeeded before the error is not
    // worth tracking: the next call on this connection closes them all.
    const state = this.state;
    if (state) {
      for (const text of this.parsedNow) {
        const name = state.names.get(text);
        if (name) {
          state.doubtful.push(name);
          state.fields.delete(name);
        }
        state.names.delete(text);
      }
      // A table's columns changed under a named statement: Postgres refuses
      // it from now on, so every statement of this connection is parsed afresh.
      if (
        (err as { code?: string }).code === '0A000' &&
        /cached plan/.test(err.message)
      ) {
        state.doubtful.push(...state.names.values());
        state.names.clear();
        state.fields.clear();
      }
    }
    if (this.settled) return;
    this.settled = true;
    this.reject(err);
  }

  handleReadyForQuery() {
    if (this.settled) return;
    this.settled = true;
    this.resolve(this.last);
  }
}

/** Sends `steps` in one round trip on `client`; rejects with the first error. */
export function pipeline(
  client: pg.ClientBase,
  steps: Step[],
): Promise<PipelineResult> {
  return new Promise((resolve, reject) => {
    client.query(new Pipeline(steps, resolve, reject));
  });
}
