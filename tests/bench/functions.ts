// Edge functions in-process vs in Deno (issue #24 item 2): the same requests
// through the functions gateway of two backends alike but for
// PEEGA_FUNCTIONS_RUNTIME, interleaved so that other load falls on both.
// Figures: Deno's cold start (spawn to first answer), and per call the
// offline AI (CPU-bound) and an empty webhook run (two RPCs back to the backend).
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { measureInterleaved, rounds } from './measure.ts';
import type { BenchResult } from './types.ts';

const TEXT =
  'The checkout page crashes on Android when I press Pay, and I lost my cart twice.';

const call = (t: TestBackend, name: string, body: unknown, key: string) =>
  fetch(`${t.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: t.anonKey,
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  }).then(async (res) => {
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${name} answered ${res.status}`);
  });

export async function benchFunctions(): Promise<BenchResult[]> {
  const start = (runtime: string) =>
    startTestBackend({
      env: { PEEGA_FUNCTIONS_RUNTIME: runtime },
      configure: (c) => {
        c.functionSecrets = [];
      },
    });
  const node = await start('node');
  const deno = await start('deno');
  try {
    const ai = (t: TestBackend) => () =>
      call(t, 'process-feedback', { rawFeedback: TEXT }, t.anonKey);
    const hooks = (t: TestBackend) => () =>
      call(t, 'deliver-webhooks', {}, t.serviceRoleKey);
    const cold = performance.now();
    await ai(deno)();
    const coldMs = performance.now() - cold;
    await hooks(deno)();
    const r = await measureInterleaved(
      {
        aiNode: {
          name: 'functions: process-feedback in-process',
          fn: ai(node),
        },
        aiDeno: { name: 'functions: process-feedback in Deno', fn: ai(deno) },
        hooksNode: {
          name: 'functions: deliver-webhooks (none due) in-process',
          fn: hooks(node),
        },
        hooksDeno: {
          name: 'functions: deliver-webhooks (none due) in Deno',
          fn: hooks(deno),
        },
      },
      { warmup: rounds(10, 1), iterations: rounds(100, 3) },
    );
    const ratio = (a: BenchResult, b: BenchResult) =>
      Math.round((b.median_ms / Math.max(a.median_ms, 0.001)) * 100) / 100;
    return [
      {
        name: 'functions: Deno cold start (spawn to first answer)',
        median_ms: Math.round(coldMs),
        p95_ms: Math.round(coldMs),
        notes: 'once per function, then kept warm',
      },
      r.aiNode,
      {
        ...r.aiDeno,
        ratio: ratio(r.aiNode, r.aiDeno),
        notes: 'ratio: Deno ÷ in-process',
      },
      r.hooksNode,
      {
        ...r.hooksDeno,
        ratio: ratio(r.hooksNode, r.hooksDeno),
        notes: 'ratio: Deno ÷ in-process',
      },
    ];
  } finally {
    await node.stop();
    await deno.stop();
  }
}
