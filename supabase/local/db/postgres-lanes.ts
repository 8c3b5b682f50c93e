// Connections in node-postgres's pipeline mode for the one-statement request
// transactions (Db.statement, issue #25): a request's pipeline is written at
// once instead of waiting for a pooled connection to come free, and the
// pipelines that arrive in one event-loop turn leave in one write. Each ends
// with its own Sync, so each is its own implicit transaction: its role and
// set_config(…, true) settings end with it, and its failure ends only it.
// A slow statement holds up the ones behind it on its lane, so a request
// goes to the least busy lane and, past MAX_DEPTH there, to the pool.
import pg from 'pg';
import {
  pipeline,
  type PipelineResult,
  type Step,
} from './postgres-pipeline.ts';

/** Pipelines in flight on a lane beyond which a request takes a pooled connection. */
const MAX_DEPTH = 16;
/** After a failed connect, how long before trying again. */
const RETRY_MS = 1000;

interface Lane {
  client: pg.Client;
  ready: boolean;
  inFlight: number;
  opened: Promise<void>;
}

export interface Lanes {
  /** Runs `steps` on the least busy lane; undefined when none can take it. */
  run(steps: Step[]): Promise<PipelineResult> | undefined;
  close(): Promise<void>;
}

export function openLanes(
  url: string,
  count: number,
  onLost: (e: Error) => void,
): Lanes {
  const lanes: Lane[] = [];
  /** The lane this event-loop turn writes to: its requests leave in one write. */
  let current: Lane | undefined;
  let retryAt = 0;
  let closed = false;

  const drop = (lane: Lane) => {
    const i = lanes.indexOf(lane);
    if (i >= 0) lanes.splice(i, 1);
  };

  function open() {
    if (closed || Date.now() < retryAt) return;
    while (lanes.length < count) {
      const client = new pg.Client({ connectionString: url, pipeline: true });
      const lane: Lane = {
        client,
        ready: false,
        inFlight: 0,
        opened: client.connect().then(
          () => {
            lane.ready = true;
          },
          () => {
            drop(lane);
            retryAt = Date.now() + RETRY_MS;
          },
        ),
      };
      lanes.push(lane);
      // A dropped connection: node-postgres fails the pipelines on it (they
      // reject without a Postgres error code) and the lane is opened again.
      lane.client.on('error', (e) => {
        drop(lane);
        onLost(e);
      });
      lane.client.on('end', () => drop(lane));
    }
  }

  return {
    run(steps) {
      if (count <= 0) return undefined;
      if (lanes.length < count) open();
      let lane = current;
      if (!lane || lane.inFlight >= MAX_DEPTH || !lanes.includes(lane)) {
        let best: Lane | undefined;
        for (const l of lanes) {
          if (l.ready && (!best || l.inFlight < best.inFlight)) best = l;
        }
        if (!best || best.inFlight >= MAX_DEPTH) return undefined;
        lane = best;
        current = lane;
        setImmediate(() => {
          current = undefined;
        });
      }
      const chosen = lane;
      chosen.inFlight++;
      const p = pipeline(chosen.client, steps, true);
      p.then(
        () => chosen.inFlight--,
        () => chosen.inFlight--,
      );
      return p;
    },
    async close() {
      closed = true;
      await Promise.all(
        lanes
          .splice(0)
          .map((l) =>
            l.opened.then(() => l.client.end()).catch(() => undefined),
          ),
      );
    },
  };
}
