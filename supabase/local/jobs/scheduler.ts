import type { Db } from '../db/types.ts';

/** Calls a function as the service role (the functions service's invokeAsService). */
export type InvokeFunction = (
  name: string,
  body: unknown,
  signal?: AbortSignal,
) => Promise<Response>;

export interface ScheduledCall {
  /** The edge function to call, e.g. `deliver-webhooks`. */
  name: string;
  /** Its request body, as the hosted schedule sends it. */
  body: unknown;
  /** Calls it every so often (pg_cron's schedule on hosted Supabase). */
  intervalMs: number;
  /** Also calls it when this NOTIFY channel fires (pg_net's trigger on hosted Supabase). */
  channel?: string;
}

export interface JobScheduler {
  /** Calls the function now (or waits for the call under way, then calls again); resolves with its answer. */
  run(): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * The embedded backend's stand-in for pg_cron and pg_net: it only decides
 * WHEN to call a job function; what is due and how it is done is the
 * function's and the database's (one implementation for hosted and local).
 * Calls never overlap; a wake-up during a call makes one more call after it.
 */
export async function startJobScheduler(
  db: Db,
  invoke: InvokeFunction,
  call: ScheduledCall,
): Promise<JobScheduler> {
  let running: Promise<unknown> | undefined;
  let queued: Promise<unknown> | undefined;
  let stopped = false;
  // Aborted on stop: the function finishes the job at hand and claims no more.
  const stopping = new AbortController();

  const once = async (): Promise<unknown> => {
    const res = await invoke(call.name, call.body, stopping.signal);
    const text = await res.text();
    if (!res.ok)
      throw new Error(
        `${call.name} answered HTTP ${res.status}: ${text.slice(0, 300)}`,
      );
    return text ? JSON.parse(text) : null;
  };

  const run = (): Promise<unknown> => {
    if (stopped) return Promise.resolve(null);
    if (running) {
      // One follow-up call however many wake-ups arrive meanwhile.
      queued ??= running.then(() => {
        queued = undefined;
        return run();
      });
      return queued;
    }
    running = once()
      .catch((e: unknown) => {
        if (stopping.signal.aborted) return null;
        console.error(
          `[jobs] ${call.name}:`,
          e instanceof Error ? e.message : e,
        );
        return null;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => void run(), call.intervalMs);
  timer.unref();
  const unlisten = call.channel
    ? await db.listen(call.channel, () => void run())
    : undefined;
  void run();
  return {
    run,
    async stop() {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      await unlisten?.();
      await running;
    },
  };
}
