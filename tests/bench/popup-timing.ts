// Times a real toolbar popup from the click, over a raw CDP connection to
// the browser (Playwright does not surface the popup that
// `Extensions.triggerAction` opens): the click time is taken in Node just
// before the command, the popup's own marks are read afterwards by
// attaching to its target, so nothing runs in the popup while it starts.
// Both clocks are the wall clock (`performance.timeOrigin` + `now()`).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';

/** Chromium's id for an unpacked extension: its absolute path, hashed. */
export function unpackedExtensionId(dir: string): string {
  return [...createHash('sha256').update(path.resolve(dir)).digest('hex')]
    .slice(0, 32)
    .map((c) => String.fromCharCode(97 + parseInt(c, 16)))
    .join('');
}

interface CdpMessage {
  id?: number;
  result?: Record<string, unknown>;
  error?: { message: string };
}

/** A browser-level CDP connection (flat sessions). */
export class Cdp {
  private nextId = 0;
  private pending = new Map<number, (m: CdpMessage) => void>();
  private constructor(private ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as CdpMessage;
      if (m.id !== undefined) this.pending.get(m.id)?.(m);
    });
  }

  /** Connects to a browser started with `--remote-debugging-port=0` and that profile. */
  static async connect(profile: string): Promise<Cdp> {
    const file = path.join(profile, 'DevToolsActivePort');
    for (let i = 0; i < 100 && !existsSync(file); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [port, wsPath] = readFileSync(file, 'utf8').trim().split('\n');
    const ws = new WebSocket(`ws://127.0.0.1:${port}${wsPath}`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new Cdp(ws);
  }

  send<T = Record<string, unknown>>(
    method: string,
    params: object = {},
    sessionId?: string,
  ): Promise<T> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (m) => {
        this.pending.delete(id);
        if (m.error) reject(new Error(`${method}: ${m.error.message}`));
        else resolve(m.result as T);
      });
      this.ws.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  /** Evaluates `expression` in a target and returns its JSON value. */
  async evaluate<T>(sessionId: string, expression: string): Promise<T> {
    const r = await this.send<{ result: { value: T } }>(
      'Runtime.evaluate',
      { expression, returnByValue: true },
      sessionId,
    );
    return r.result.value;
  }

  close() {
    this.ws.close();
  }
}

/** When a popup navigated and ran what it marks, in ms after the click. */
export type PopupTimes = Record<string, number>;

/**
 * Clicks an extension's toolbar button for a tab (CDP
 * `Extensions.triggerAction`, which grants activeTab and opens the real
 * popup, as a click does), waits until `done` is true in the popup, and
 * returns `navigation` (the popup's time origin) and each `marks` entry and
 * resource as ms after the click. Closes the popup.
 */
export async function timePopup(
  cdp: Cdp,
  extensionId: string,
  tabTargetId: string,
  done: string,
): Promise<PopupTimes> {
  const popupUrl = `chrome-extension://${extensionId}/popup.html`;
  const clicked = performance.timeOrigin + performance.now();
  await cdp.send('Extensions.triggerAction', {
    id: extensionId,
    targetId: tabTargetId,
  });
  let targetId: string | undefined;
  for (let i = 0; i < 200 && !targetId; i++) {
    const { targetInfos } = await cdp.send<{
      targetInfos: { targetId: string; url: string; type: string }[];
    }>('Target.getTargets');
    targetId = targetInfos.find((t) => t.url.startsWith(popupUrl))?.targetId;
    if (!targetId) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!targetId) throw new Error(`No popup opened for ${extensionId}`);
  const { sessionId } = await cdp.send<{ sessionId: string }>(
    'Target.attachToTarget',
    { targetId, flatten: true },
  );
  try {
    for (let i = 0; ; i++) {
      if (await cdp.evaluate<boolean>(sessionId, `Boolean(${done})`)) break;
      if (i > 500) throw new Error(`The popup never got to ${done}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const times = await cdp.evaluate<Record<string, number>>(
      sessionId,
      `(() => {
        const out = { navigation: performance.timeOrigin };
        for (const m of performance.getEntriesByType('mark')) out[m.name] = performance.timeOrigin + m.startTime;
        for (const r of performance.getEntriesByType('resource'))
          out['res:' + r.name.split('?')[0].split('/').pop()] = performance.timeOrigin + r.responseEnd;
        const nav = performance.getEntriesByType('navigation')[0];
        for (const k of ['responseStart', 'responseEnd', 'domInteractive', 'domContentLoadedEventStart'])
          out['nav:' + k] = performance.timeOrigin + nav[k];
        return out;
      })()`,
    );
    return Object.fromEntries(
      Object.entries(times).map(([k, v]) => [k, v - clicked]),
    );
  } finally {
    await cdp.send('Target.closeTarget', { targetId }).catch(() => undefined);
  }
}
