// Broadcast and Presence for public channels, in memory (SUPABASE-PROTOCOL
// §4.9–4.10): enough for realtime-js to get the replies and pushes it expects.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Channel } from './channel.ts';
import type { Hub } from './hub.ts';
import { isObject, reply, type Frame } from './protocol.ts';

type Meta = Record<string, unknown>;

const tracked = new WeakMap<Channel, { key: string; meta: Meta }>();

/** A client broadcast: to every member of the topic (the sender only with `self`). */
export function handleBroadcast(
  hub: Hub<Channel>,
  channel: Channel,
  f: Frame,
): Frame | undefined {
  const { event, payload } = f.payload;
  if (typeof event === 'string') {
    const message = { type: 'broadcast', event, payload };
    for (const member of hub.members(channel.topic)) {
      if (member !== channel || channel.broadcast.self)
        member.push('broadcast', message);
    }
  }
  return channel.broadcast.ack && f.ref !== null
    ? reply(f, 'ok', {})
    : undefined;
}

function entry(key: string, meta: Meta) {
  return { [key]: { metas: [meta] } };
}

function diff(hub: Hub<Channel>, topic: string, joins: object, leaves: object) {
  for (const member of hub.members(topic)) {
    if (member.presence.enabled)
      member.push('presence_diff', { joins, leaves });
  }
}

/** The topic's presences, pushed to a channel that joined with presence enabled. */
export function presenceState(hub: Hub<Channel>, topic: string) {
  const state: Record<string, { metas: Meta[] }> = {};
  for (const member of hub.members(topic)) {
    const t = tracked.get(member);
    if (t) (state[t.key] ??= { metas: [] }).metas.push(t.meta);
  }
  return state;
}

/** `track` / `untrack`; a second track replaces the channel's presence. */
export function handlePresence(
  hub: Hub<Channel>,
  channel: Channel,
  f: Frame,
): Frame {
  const { event, payload } = f.payload;
  if (event === 'track') {
    if (!isObject(payload)) {
      return reply(f, 'error', {
        reason: 'Presence track payload must be a map',
      });
    }
    const before = tracked.get(channel);
    const key = before?.key ?? (channel.presence.key || randomUUID());
    const meta = { ...payload, phx_ref: randomBytes(8).toString('base64url') };
    tracked.set(channel, { key, meta });
    diff(
      hub,
      channel.topic,
      entry(key, meta),
      before ? entry(key, before.meta) : {},
    );
  } else if (event === 'untrack') {
    forgetPresence(hub, channel);
  }
  return reply(f, 'ok', {});
}

/** Announces that a leaving channel's presence is gone. */
export function forgetPresence(hub: Hub<Channel>, channel: Channel) {
  const before = tracked.get(channel);
  if (!before) return;
  tracked.delete(channel);
  diff(hub, channel.topic, {}, entry(before.key, before.meta));
}
