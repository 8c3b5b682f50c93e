import type { Db } from '../db/types.ts';
import {
  CHANGES_CHANNEL,
  strandedTransactions,
  takeChanges,
} from './capture.ts';
import type { CapturedChange } from './types.ts';

const SWEEP_MS = 5_000;

/**
 * Turns commit signals into batches of changes, one batch at a time so that
 * subscribers see transactions in commit order.
 */
export class ChangeFeed {
  private pending: number[] = [];
  private running: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly deliver: (changes: CapturedChange[]) => Promise<void>,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(CHANGES_CHANNEL, (payload) => {
      const xid = Number(payload);
      if (Number.isSafeInteger(xid)) this.enqueue([xid]);
    });
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    await this.unlisten?.();
    await this.running;
  }

  private enqueue(xids: number[]) {
    for (const x of xids) if (!this.pending.includes(x)) this.pending.push(x);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  private async drain() {
    while (this.pending.length && !this.stopped) {
      const batch = this.pending.splice(0, 100);
      try {
        const changes = await takeChanges(this.db, batch);
        if (changes.length) await this.deliver(changes);
      } catch (e) {
        if (!this.stopped)
          console.error('[peega] realtime delivery failed:', e);
      }
    }
  }

  private sweep() {
    if (this.stopped || this.running) return;
    strandedTransactions(this.db, SWEEP_MS).then(
      (xids) => {
        if (xids.length && !this.stopped) this.enqueue(xids);
      },
      (e: unknown) => {
        if (!this.stopped) console.error('[peega] realtime sweep failed:', e);
      },
    );
  }
}
