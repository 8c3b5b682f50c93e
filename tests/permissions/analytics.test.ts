import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  forbidden,
  rows,
  startWorld,
  USERS,
  type World,
} from './support.ts';

// analytics_events: write-only for clients, the user from the session.
let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w?.t.stop());

describe('analytics_events', () => {
  it.each(['anon', ...USERS] as const)('%s records an event', async (role) => {
    allowed(
      await w.as[role]
        .from('analytics_events')
        .insert({ event_name: 'login', properties: { method: 'email' } }),
    );
  });
  it.each(USERS)('%s cannot record an event as someone else', async (role) => {
    const target = role === 'consumerA' ? w.id.consumerB : w.id.consumerA;
    await w.as[role]
      .from('analytics_events')
      .insert({ event_name: `spoof_${role.toLowerCase()}`, user_id: target });
    const recorded = await rows(
      w,
      `select user_id from public.analytics_events where event_name = $1`,
      [`spoof_${role.toLowerCase()}`],
    );
    expect(recorded).toEqual([{ user_id: w.id[role] }]);
  });
  it('anon cannot attach a user', async () => {
    await w.as.anon
      .from('analytics_events')
      .insert({ event_name: 'spoof_anon', user_id: w.id.consumerA });
    expect(
      await rows(
        w,
        `select user_id from public.analytics_events where event_name = 'spoof_anon'`,
      ),
    ).toEqual([{ user_id: null }]);
  });
  it.each(['anon', ...USERS] as const)(
    '%s cannot read, change or delete events',
    async (role) => {
      forbidden(await w.as[role].from('analytics_events').select('*'));
      forbidden(
        await w.as[role]
          .from('analytics_events')
          .update({ event_name: 'x' })
          .eq('event_name', 'login'),
      );
      forbidden(
        await w.as[role]
          .from('analytics_events')
          .delete()
          .eq('event_name', 'login'),
      );
    },
  );
  it('service reads the events', async () => {
    const res = await w.as.service
      .from('analytics_events')
      .select('event_name, user_id');
    allowed(res);
    expect((res.data ?? []).length).toBeGreaterThanOrEqual(6);
  });
});
