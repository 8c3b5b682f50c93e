import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  closeClients,
  listen,
  migrationsDir,
  realtimeClient,
  until,
  type Binding,
} from './support.ts';

// Realtime joins the channel, then reports a subscription it cannot make as a
// `system` error; with `postgres_changes_options.wait` the join itself fails.
let t: TestBackend;
let client: SupabaseClient;

beforeAll(async () => {
  t = await startTestBackend({ migrationsDir });
  client = await realtimeClient(t);
});
afterAll(async () => {
  await closeClients([client]);
  await t?.stop();
});

const events = (filter: string): Binding => ({
  event: '*',
  schema: 'public',
  table: 'events',
  filter,
});
const unable = (params: string) =>
  `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${params}]. Exception: `;

let n = 0;
describe('subscriptions Realtime cannot make', () => {
  it.each([
    [
      'an unknown operator',
      events('kind=foo.bar'),
      'Error parsing `filter` params: ["foo", "bar"]',
    ],
    [
      'a filter without operator',
      events('undefined'),
      'Error parsing `filter` params: ["undefined"]',
    ],
    [
      'an in without parentheses',
      events('kind=in.a,b'),
      'Error parsing `filter` params: `in` filter value must be wrapped by parentheses',
    ],
    [
      'an empty segment',
      events('kind=eq.a,,score=gt.1'),
      'Error parsing `filter` params: filter must not contain empty segments (check for extra commas)',
    ],
    [
      'an unknown column',
      events('nope=eq.1'),
      `${unable('event: *, schema: public, table: events, filters: [{"nope", "eq", "1", false}], select: nil')}ERROR P0001 (raise_exception) invalid column for filter nope`,
    ],
    [
      'a value of the wrong type',
      events('score=gt.high'),
      `${unable('event: *, schema: public, table: events, filters: [{"score", "gt", "high", false}], select: nil')}ERROR 22P02 (invalid_text_representation) invalid input syntax for type integer: "high"`,
    ],
    [
      'a table not enabled for Realtime',
      { event: 'INSERT', schema: 'public', table: 'unpublished' } as Binding,
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: INSERT, schema: public, table: unpublished, filters: [], select: nil]',
    ],
  ])('%s: joins, then a system error', async (_, binding, message) => {
    const feed = await listen(client, `invalid-${++n}`, [binding]);
    expect(feed.statuses).toEqual(['SUBSCRIBED']);
    expect(feed.system).toEqual([
      {
        extension: 'postgres_changes',
        status: 'error',
        message,
        channel: `invalid-${n}`,
      },
    ]);
  });

  it('fails the join when the client waits for the subscription', async () => {
    const channel = client.channel('invalid-wait', {
      config: { postgres_changes_options: { wait: true } },
    });
    const statuses: [string, string | undefined][] = [];
    channel
      .on('postgres_changes', events('kind=foo.bar'), () => undefined)
      .subscribe((status, err) => statuses.push([status, err?.message]));
    await until(() => statuses.length > 0, 'the join reply');
    expect(statuses[0]).toEqual([
      'CHANNEL_ERROR',
      'RealtimeDisabledForConfiguration: Error parsing `filter` params: ["foo", "bar"]',
    ]);
    await client.removeChannel(channel);
  });

  it('refuses private channels, having no realtime.messages policies', async () => {
    const channel = client.channel('secret', { config: { private: true } });
    const statuses: [string, string | undefined][] = [];
    channel.subscribe((status, err) => statuses.push([status, err?.message]));
    await until(() => statuses.length > 0, 'the join reply');
    expect(statuses[0]).toEqual([
      'CHANNEL_ERROR',
      'Unauthorized: You do not have permissions to read from this Channel topic: secret',
    ]);
    await client.removeChannel(channel);
  });
});
