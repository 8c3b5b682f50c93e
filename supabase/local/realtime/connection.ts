import { WebSocket, type RawData } from 'ws';
import type { BackendContext } from '../context.ts';
import {
  forgetPresence,
  handleBroadcast,
  handlePresence,
} from './broadcast.ts';
import type { Channel, ChannelHost } from './channel.ts';
import type { Hub } from './hub.ts';
import { join, type Tenant } from './join.ts';
import {
  decodeBinary,
  decodeText,
  encode,
  reply,
  type Frame,
  type Vsn,
} from './protocol.ts';

// A client this far behind is treated as gone rather than buffered forever.
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;

function bytes(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

/** One WebSocket: Phoenix's socket process, routing frames to its channels. */
export class Connection implements ChannelHost {
  private readonly channels = new Map<string, Channel>();
  // Frames of one topic are handled in order; topics do not wait on each other.
  private readonly queues = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    readonly ctx: BackendContext,
    readonly hub: Hub<Channel>,
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    private readonly tenant: Tenant,
  ) {}

  send(frame: Frame) {
    if (this.closed || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) return this.ws.terminate();
    this.ws.send(encode(this.vsn, frame));
  }

  detach(channel: Channel) {
    if (this.channels.get(channel.topic) === channel)
      this.channels.delete(channel.topic);
    forgetPresence(this.hub, channel);
  }

  /** Malformed frames are dropped: a client cannot take the server down. */
  receive(data: RawData, isBinary: boolean) {
    const raw = bytes(data);
    const f = isBinary
      ? decodeBinary(raw)
      : decodeText(this.vsn, raw.toString('utf8'));
    if (!f) return;
    if (f.topic === 'phoenix') {
      if (f.event === 'heartbeat') this.send(reply(f, 'ok', {}));
      return;
    }
    const next = (this.queues.get(f.topic) ?? Promise.resolve())
      .then(() => this.route(f))
      .catch((e: unknown) =>
        console.error(`[peega] realtime ${f.event} on ${f.topic} failed:`, e),
      );
    this.queues.set(f.topic, next);
    void next.finally(() => {
      if (this.queues.get(f.topic) === next) this.queues.delete(f.topic);
    });
  }

  private async route(f: Frame) {
    if (this.closed) return;
    if (f.event === 'phx_join') return this.join(f);
    const channel = this.channels.get(f.topic);
    if (!channel) {
      if (f.ref !== null)
        this.send(reply(f, 'error', { reason: 'unmatched topic' }));
      return;
    }
    switch (f.event) {
      case 'phx_leave':
        this.send(reply(f, 'ok', {}));
        this.close(channel);
        return;
      case 'access_token':
        return channel.updateToken(f.payload.access_token);
      case 'broadcast': {
        const ack = handleBroadcast(this.hub, channel, f);
        if (ack) this.send(ack);
        return;
      }
      case 'presence':
        this.send(handlePresence(this.hub, channel, f));
        return;
    }
  }

  private async join(f: Frame) {
    const previous = this.channels.get(f.topic);
    // A second join of a topic replaces the first, as Phoenix does.
    if (previous) this.close(previous);
    const joined = await join(this, this.tenant, f);
    if (this.closed) return joined.channel?.close();
    if (joined.channel) this.channels.set(f.topic, joined.channel);
    this.send(joined.reply);
    joined.after();
  }

  private close(channel: Channel) {
    channel.close();
    this.detach(channel);
    const { joinRef, topic } = channel;
    this.send({
      joinRef,
      ref: joinRef,
      topic,
      event: 'phx_close',
      payload: {},
    });
  }

  /** The socket went away: every channel stops. */
  dispose() {
    for (const channel of this.channels.values()) {
      channel.close();
      forgetPresence(this.hub, channel);
    }
    this.channels.clear();
    this.closed = true;
  }
}
