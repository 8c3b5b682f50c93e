import type { Db } from '../db/types.ts';

/**
 * The columns a queue table needs for this worker:
 * `id` (primary key), `status text` ('pending' | 'running' | 'done' | 'failed'),
 * `attempts int`, `run_after timestamptz`, `locked_at timestamptz`, `last_error text`.
 */
export interface QueueWorkerOptions<Row> {
  /** `schema.table`, quoted by the worker. */
  table: string;
  handle(row: Row): Promise<void>;
  /** Attempts before a job is left as 'failed' with its last error. */
  maxAttempts?: number;
  /** Delay before retry number `attempt` (1-based), in ms. */
  backoffMs?(attempt: number): number;
  batchSize?: number;
  pollMs?: number;
  /** A 'running' job older than this was abandoned by a crashed worker and is claimed again. */
  leaseMs?: number;
  onError?(error: unknown, row: Row): void;
}

export interface QueueWorker {
  /** Processes every due job now; resolves with how many were handled. */
  drain(): Promise<number>;
  /** Asks for a run soon (e.g. after a NOTIFY). */
  wake(): void;
  stop(): Promise<void>;
}

const quote = (qualified: string) =>
  qualified
    .split('.')
    .map((p) => `"${p.replaceAll('"', '""')}"`)
    .join('.');

/**
 * Polls a queue table, claiming due jobs with `FOR UPDATE SKIP LOCKED` so that
 * several workers never take the same job; failures are retried with backoff
 * and recorded with their error. On hosted Supabase a database webhook or a
 * scheduled function does the same work.
 */
export function createQueueWorker<
  Row extends { id: unknown; attempts: number },
>(db: Db, options: QueueWorkerOptions<Row>): QueueWorker {
  const table = quote(options.table);
  const maxAttempts = options.maxAttempts ?? 5;
  const backoff =
    options.backoffMs ?? ((n: number) => Math.min(60_000, 1000 * 2 ** (n - 1)));
  const batch = options.batchSize ?? 5;
  const leaseSeconds = Math.ceil((options.leaseMs ?? 5 * 60_000) / 1000);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function claim(): Promise<Row[]> {
    const { rows } = await db.query<Row>(
      `update ${table} set status = 'running', attempts = attempts + 1, locked_at = now()
        where id in (
          select id from ${table}
           where (status = 'pending' and run_after <= now())
              or (status = 'running' and locked_at < now() - make_interval(secs => $2))
           order by run_after, id
           limit $1
           for update skip locked)
        returning *`,
      [batch, leaseSeconds],
    );
    return rows;
  }

  async function finish(row: Row, error?: unknown) {
    if (error === undefined) {
      await db.query(
        `update ${table} set status = 'done', locked_at = null, last_error = null where id = $1`,
        [row.id],
      );
      return;
    }
    options.onError?.(error, row);
    const message = error instanceof Error ? error.message : String(error);
    const failed = row.attempts >= maxAttempts;
    await db.query(
      `update ${table}
          set status = $2, locked_at = null, last_error = $3,
              run_after = now() + make_interval(secs => $4)
        where id = $1`,
      [
        row.id,
        failed ? 'failed' : 'pending',
        message.slice(0, 2000),
        failed ? 0 : backoff(row.attempts) / 1000,
      ],
    );
  }

  async function drainOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      if (stopped) return handled;
      const rows = await claim();
      if (rows.length === 0) return handled;
      for (const row of rows) {
        try {
          await options.handle(row);
          await finish(row);
        } catch (e) {
          await finish(row, e);
        }
        handled++;
      }
    }
  }

  const drain = () => {
    running ??= drainOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      drain()
        .catch((e: unknown) => console.error(`[jobs] ${options.table}:`, e))
        .finally(schedule);
    }, options.pollMs ?? 1000);
    timer.unref();
  };
  schedule();

  return {
    drain,
    wake() {
      void drain().catch((e: unknown) =>
        console.error(`[jobs] ${options.table}:`, e),
      );
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
