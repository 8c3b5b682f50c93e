// A hand-rolled closed-loop HTTP/1.1 load generator: `connections` keep-alive
// sockets, each sending the same request again as soon as its answer is in.
// It runs in a worker thread, so it has an event loop of its own and spends
// far less CPU per request than fetch or node:http's client would.
import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmupMs: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  median_ms: number;
  p95_ms: number;
  /** Answers other than 200, and socket errors. */
  errors: number;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { host, port, request, connections, warmupMs, durationMs } = workerData;
const req = Buffer.from(request, 'latin1');
let phase = 'warmup';
const times = [];
let errors = 0;
function client() {
  return new Promise((done) => {
    const s = net.connect(port, host);
    s.setNoDelay(true);
    let buf = Buffer.alloc(0);
    let t0 = 0;
    const send = () => {
      if (phase === 'done') { s.end(); done(); return; }
      t0 = performance.now();
      s.write(req);
    };
    s.on('connect', send);
    s.on('data', (d) => {
      buf = buf.length ? Buffer.concat([buf, d]) : d;
      for (;;) {
        const end = buf.indexOf('\\r\\n\\r\\n');
        if (end < 0) return;
        const head = buf.toString('latin1', 0, end);
        const m = /\\r\\ncontent-length: *(\\d+)/i.exec(head);
        if (!m) throw new Error('the loader needs Content-Length answers');
        const len = Number(m[1]);
        if (buf.length < end + 4 + len) return;
        buf = buf.subarray(end + 4 + len);
        if (phase === 'measure') {
          times.push(performance.now() - t0);
          if (head.slice(9, 12) !== '200') errors++;
        }
        send();
      }
    });
    s.on('error', () => { errors++; done(); });
  });
}
const all = Array.from({ length: connections }, client);
setTimeout(() => {
  phase = 'measure';
  const start = performance.now();
  setTimeout(() => {
    phase = 'done';
    const elapsed = performance.now() - start;
    Promise.all(all).then(() => parentPort.postMessage({ times, errors, elapsed }));
  }, durationMs);
}, warmupMs);
`;

/** Loads `url` with `connections` concurrent keep-alive clients for `durationMs`. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const u = new URL(options.url);
  const lines = [
    `GET ${u.pathname}${u.search} HTTP/1.1`,
    `Host: ${u.host}`,
    'Connection: keep-alive',
    ...Object.entries(options.headers).map(([k, v]) => `${k}: ${v}`),
  ];
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      host: u.hostname,
      port: Number(u.port),
      request: `${lines.join('\r\n')}\r\n\r\n`,
      connections: options.connections,
      warmupMs: options.warmupMs,
      durationMs: options.durationMs,
    },
  });
  const out = await new Promise<{
    times: number[];
    errors: number;
    elapsed: number;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const times = out.times.sort((a, b) => a - b);
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    requests: times.length,
    rps: Math.round((times.length / out.elapsed) * 1000),
    median_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    errors: out.errors,
  };
}
