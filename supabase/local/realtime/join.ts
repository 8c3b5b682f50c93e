// `phx_join` as `RealtimeChannel.join/3` answers it (SUPABASE-PROTOCOL §4.3).
import { checkToken, joinError } from './auth.ts';
import { presenceState } from './broadcast.ts';
import { Channel, type ChannelHost } from './channel.ts';
import { isObject, reply, type Frame } from './protocol.ts';
import { subscriptionId } from './subscriptions.ts';

export interface Tenant {
  /** The socket's `apikey`, standing in for a missing or opaque `access_token`. */
  token: string;
}

const flag = (v: unknown) => v === true || v === 'true';

/** Joins `f.topic`; the reply frame comes back with the channel, if one was opened. */
export async function join(
  host: ChannelHost,
  tenant: Tenant,
  f: Frame,
): Promise<{ reply: Frame; channel?: Channel; after: () => void }> {
  const refuse = (reason: string) => ({
    reply: reply(f, 'error', { reason }),
    after: () => {},
  });
  if (!f.topic.startsWith('realtime:')) return refuse('unmatched topic');
  const name = f.topic.slice('realtime:'.length);
  if (name === '')
    return refuse('TopicNameRequired: You must provide a topic name');

  const config = isObject(f.payload.config) ? f.payload.config : {};
  const given = f.payload.access_token ?? f.payload.user_token;
  const token =
    typeof given === 'string' && !given.startsWith('sb_')
      ? given
      : tenant.token;
  const check = await checkToken(host.ctx, token);
  if (!check.ok) return refuse(joinError(check));
  if (flag(config.private)) {
    // No `realtime.messages` policies exist here, so private topics are unreadable.
    return refuse(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`,
    );
  }

  const entries = Array.isArray(config.postgres_changes)
    ? config.postgres_changes.filter((e) => e !== null && e !== undefined)
    : [];
  const broadcast = isObject(config.broadcast) ? config.broadcast : {};
  const presence = isObject(config.presence) ? config.presence : {};
  const channel = new Channel(host, {
    topic: f.topic,
    joinRef: f.joinRef ?? f.ref,
    token,
    claims: check.claims,
    entries,
    broadcast: { self: flag(broadcast.self), ack: flag(broadcast.ack) },
    presence: {
      key: typeof presence.key === 'string' ? presence.key : '',
      enabled: flag(presence.enabled),
    },
  });
  // Subscriptions are checked before the reply and registered with it, so
  // nothing committed after SUBSCRIBED is missed (Realtime subscribes later).
  const subscribed = entries.length ? await channel.resolve() : undefined;
  const options = isObject(config.postgres_changes_options)
    ? config.postgres_changes_options
    : {};
  if (subscribed && !subscribed.ok && flag(options.wait)) {
    return refuse(`RealtimeDisabledForConfiguration: ${subscribed.message}`);
  }
  const postgresChanges = entries.map((e) =>
    isObject(e) ? { ...e, id: subscriptionId(e) } : e,
  );
  return {
    reply: reply(f, 'ok', { postgres_changes: postgresChanges }),
    channel,
    after: () => {
      host.hub.join(channel);
      channel.scheduleTokenCheck();
      if (subscribed) channel.activate(subscribed);
      // Capture is installed with the schema, so "replication" is always ready.
      if (flag(broadcast.replication_ready)) {
        channel.system('system', 'ok', 'Replication connection established');
      }
      if (channel.presence.enabled)
        channel.push('presence_state', presenceState(host.hub, f.topic));
    },
  };
}
