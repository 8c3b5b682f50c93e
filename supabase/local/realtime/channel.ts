import type { BackendContext } from '../context.ts';
import { checkToken, refreshError } from './auth.ts';
import type { Hub } from './hub.ts';
import type { Frame } from './protocol.ts';
import { resolveEntities } from './subscription-check.ts';
import {
  parseChangeParams,
  subscriptionId,
  type Parsed,
} from './subscriptions.ts';
import type {
  ChangeParams,
  Listener,
  RealtimeClaims,
  Subscription,
} from './types.ts';

const CONFIRM_TOKEN_MS = 5 * 60_000;

/** The socket a channel lives on. */
export interface ChannelHost {
  readonly ctx: BackendContext;
  readonly hub: Hub<Channel>;
  send(frame: Frame): void;
  /** Forgets a channel that closed itself. */
  detach(channel: Channel): void;
}

export interface ChannelOptions {
  topic: string;
  joinRef: string | null;
  token: string;
  claims: RealtimeClaims;
  /** The `config.postgres_changes` entries as the client sent them. */
  entries: unknown[];
  broadcast: { self: boolean; ack: boolean };
  presence: { key: string; enabled: boolean };
}

/** One joined topic of one socket. */
export class Channel implements Listener {
  readonly topic: string;
  readonly joinRef: string | null;
  readonly entries: unknown[];
  readonly broadcast: ChannelOptions['broadcast'];
  readonly presence: ChannelOptions['presence'];
  token: string;
  claims: RealtimeClaims;
  subs: Subscription[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly host: ChannelHost,
    o: ChannelOptions,
  ) {
    this.topic = o.topic;
    this.joinRef = o.joinRef;
    this.token = o.token;
    this.claims = o.claims;
    this.entries = o.entries;
    this.broadcast = o.broadcast;
    this.presence = o.presence;
  }

  get name(): string {
    return this.topic.slice('realtime:'.length);
  }

  get ctx(): BackendContext {
    return this.host.ctx;
  }

  push(event: string, payload: unknown) {
    if (this.closed) return;
    this.host.send({
      joinRef: null,
      ref: null,
      topic: this.topic,
      event,
      payload: payload as Frame['payload'],
    });
  }

  system(extension: string, status: 'ok' | 'error', message: string) {
    if (this.closed) return;
    this.host.send({
      joinRef: this.joinRef,
      ref: null,
      topic: this.topic,
      event: 'system',
      payload: { extension, status, message, channel: this.name },
    });
  }

  /** Builds this channel's subscriptions with its current claims; nothing is registered yet. */
  async resolve(): Promise<Parsed<Subscription[]>> {
    const params: ChangeParams[] = [];
    for (const e of this.entries) {
      const p = parseChangeParams(e);
      if (!p.ok) return p;
      params.push(p.value);
    }
    const r = await resolveEntities(this.ctx.db, params, this.claims.role);
    if (!r.ok) return r;
    return {
      ok: true,
      value: params.map((p, i) => ({
        id: subscriptionId(this.entries[i]),
        params: p,
        entities: r.value[i] ?? [],
        listener: this,
      })),
    };
  }

  /** Swaps in new subscriptions (none after a failure) and reports it as Realtime does. */
  activate(result: Parsed<Subscription[]>) {
    if (this.closed) return;
    this.host.hub.unsubscribe(this.subs);
    this.subs = result.ok ? result.value : [];
    this.host.hub.subscribe(this.subs);
    if (result.ok)
      this.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    else this.system('postgres_changes', 'error', result.message);
  }

  /** Re-checks the token when it expires, and every five minutes. */
  scheduleTokenCheck() {
    clearTimeout(this.timer);
    const left = Number(this.claims.exp) * 1000 - this.ctx.now().getTime();
    this.timer = setTimeout(
      () => void this.confirmToken(),
      Math.max(0, Math.min(CONFIRM_TOKEN_MS, left)),
    );
    this.timer.unref();
  }

  private async confirmToken() {
    const check = await checkToken(this.ctx, this.token);
    if (check.ok) this.scheduleTokenCheck();
    else this.shutdown(refreshError(check));
  }

  /** `access_token` push: new claims for the subscriptions, or the channel closes. */
  async updateToken(token: unknown) {
    if (
      typeof token !== 'string' ||
      token.startsWith('sb_') ||
      token === this.token
    )
      return;
    const check = await checkToken(this.ctx, token);
    if (!check.ok) return this.shutdown(refreshError(check));
    this.token = token;
    this.claims = check.claims;
    this.scheduleTokenCheck();
    if (this.entries.length) this.activate(await this.resolve());
  }

  /** Server-side close: a `system` error, then `phx_close`. */
  shutdown(message: string) {
    if (this.closed) return;
    this.system('system', 'error', message);
    this.host.send({
      joinRef: this.joinRef,
      ref: this.joinRef,
      topic: this.topic,
      event: 'phx_close',
      payload: {},
    });
    this.close();
    this.host.detach(this);
  }

  /** Stops every delivery to this channel. */
  close() {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.host.hub.unsubscribe(this.subs);
    this.host.hub.leave(this);
    this.closed = true;
  }
}
