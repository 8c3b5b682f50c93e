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
//
// On a connection in node-postgres's pipeline mode (postgres-lanes.ts) several
// of these are on the wire at once, each ended by its own Sync (so each is
// its own implicit transaction, settings included), and the ones submitted in
// the same event-loop turn leave in one write. A statement name is relied on
// only once the pipeline that parsed it has succeeded: until then the others
// parse that text as the unnamed statement, so one request's failure never
// leaves another binding a statement that was never parsed.
import pg from 'pg';
import { MessageWriter } from './postgres-wire.ts';

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
  /** Names parsed by a pipeline still in flight: not yet to be bound by others. */
  pending: Set<string>;
}

/** The subset of node-postgres's Connection a pipeline writes to: its socket. */
interface Wire {
  stream: {
    cork?: () => void;
    uncork?: () => void;
    writable: boolean;
    write(chunk: Buffer): boolean;
  };
  sendCopyFail(message: string): void;
}

interface Field {
  name: string;
  dataTypeID: number;
}

const named = new WeakMap<object, Named>();
/** Above this many statements on one connection, they are all closed and parsed afresh. */
const MAX_NAMED = 250;

/** Streams corked until the end of this event-loop turn (see `coalesce`). */
const corked = new WeakSet<object>();

/**
 * Holds `stream`'s writes until the check phase of this loop turn, so the
 * pipelines of every request that arrived in one poll leave in one writev.
 */
function corkForTurn(stream: { cork?: () => void; uncork?: () => void }) {
  if (!stream.cork || !stream.uncork || corked.has(stream)) return;
  corked.add(stream);
  stream.cork();
  setImmediate(() => {
    corked.delete(stream);
    stream.uncork?.();
  });
}

// node-postgres answers a client in pipeline mode only with Submittables that
// are pg.Query instances (others could hold a portal open across round
// trips); this one is one complete exchange ended by Sync, as a Query is. It
// inherits pg.Query's prototype without running its constructor, which builds
// a Result, an EventEmitter and a copy of the config that are never used here.
class Pipeline implements pg.Submittable {
  private fields: Field[] = [];
  private dataRows: (string | null)[][] = [];
  private last: PipelineResult = { rows: [], fields: [], rowCount: null };
  /** The statements this pipeline parses under a name (text, name). */
  private parsedNow: [string, string][] = [];
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
    private readonly coalesce: boolean,
  ) {}

  submit(connection: unknown): void {
    const wire = connection as Wire;
    let state = named.get(wire);
    if (!state) {
      state = {
        names: new Map(),
        fields: new Map(),
        next: 1,
        doubtful: [],
        pending: new Set(),
      };
      named.set(wire, state);
    }
    this.state = state;
    if (state.names.size + this.steps.length > MAX_NAMED) {
      state.doubtful.push(...state.names.values());
      state.names.clear();
      state.fields.clear();
      state.pending.clear();
    }
    // Mostly ASCII: a byte a character, and a few dozen bytes of framing a step.
    let size = 64;
    for (const step of this.steps) {
      size += 64 + step.text.length;
      for (const v of step.values) size += v === null ? 4 : 4 + v.length;
    }
    const out = new MessageWriter(size);
    // Closing a statement that does not exist is not an error.
    for (const name of state.doubtful.splice(0)) out.closeStatement(name);
    for (const step of this.steps) {
      const known = state.names.get(step.text);
      if (step.unnamed || (known && state.pending.has(known))) {
        out.parse('', step.text);
        out.bind('', step.values);
        out.describePortal();
        out.execute();
        this.known.push(undefined);
        this.describing.push(undefined);
        continue;
      }
      let name = known;
      if (!name) {
        name = `peega_${state.next++}`;
        state.names.set(step.text, name);
        this.parsedNow.push([step.text, name]);
        state.pending.add(name);
        out.parse(name, step.text);
      }
      const fields = state.fields.get(name);
      out.bind(name, step.values);
      if (!fields) out.describePortal();
      out.execute();
      this.known.push(fields);
      this.describing.push(fields ? undefined : name);
    }
    out.sync();
    // As node-postgres's own writes: on a closed socket nothing is sent, and
    // the client fails this pipeline with the connection's error.
    if (!wire.stream.writable) return;
    if (this.coalesce) corkForTurn(wire.stream);
    wire.stream.write(out.bytes());
  }

  handleRowDescription(msg: { fields: Field[] }) {
    this.fields = msg.fields;
    this.described = true;
    const name = this.describing[this.step];
    if (name) this.state?.fields.set(name, msg.fields);
  }

  handleDataRow(msg: { fields: (string | null)[] }) {
    this.dataRows.push(msg.fields);
  }

  /** One step is done: its rows are the answer unless another step follows. */
  handleCommandComplete(msg: { text?: string }) {
    // As node-postgres's Result reads the tag: `INSERT 0 5`, `UPDATE 3`, `SELECT 1`.
    const m = /^[A-Za-z]+(?: (\d+))?(?: (\d+))?/.exec(msg.text ?? '');
    const count = m?.[2] ?? m?.[1];
    this.last = {
      rows: this.dataRows,
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
    this.dataRows = [];
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
      for (const [text, name] of this.parsedNow) {
        state.doubtful.push(name);
        state.fields.delete(name);
        state.pending.delete(name);
        if (state.names.get(text) === name) state.names.delete(text);
      }
      this.parsedNow = [];
      // A table's columns changed under a named statement: Postgres refuses
      // it from now on, so every statement of this connection is parsed afresh.
      if (
        (err as { code?: string }).code === '0A000' &&
        /cached plan/.test(err.message)
      ) {
        state.doubtful.push(...state.names.values());
        state.names.clear();
        state.fields.clear();
        state.pending.clear();
      }
    }
    if (this.settled) return;
    this.settled = true;
    this.reject(err);
  }

  handleReadyForQuery() {
    // Its Parse messages succeeded: other pipelines may bind them now.
    for (const [, name] of this.parsedNow) this.state?.pending.delete(name);
    if (this.settled) return;
    this.settled = true;
    this.resolve(this.last);
  }
}

Object.setPrototypeOf(Pipeline.prototype, pg.Query.prototype);

/**
 * Sends `steps` in one round trip on `client`; rejects with the first error.
 * With `coalesce`, the write waits for the end of this loop turn, to leave
 * together with the other pipelines submitted on that connection meanwhile.
 */
export function pipeline(
  client: pg.ClientBase,
  steps: Step[],
  coalesce = false,
): Promise<PipelineResult> {
  return new Promise((resolve, reject) => {
    client.query(new Pipeline(steps, resolve, reject, coalesce));
  });
}
