// Issue #25: aggregate functions in `select` (PostgREST 12+): avg(), count(),
// max(), min(), sum() with automatic GROUP BY over the other selected fields,
// inside embedded resources too, with casts; PGRST123 while
// db-aggregates-enabled is off (the default, as in PostgREST).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRest, type RestHarness } from './helpers.ts';

let on: RestHarness;
let off: RestHarness;
beforeAll(async () => {
  [on, off] = await Promise.all([
    startRest({ PGRST_DB_AGGREGATES_ENABLED: 'true' }),
    startRest(),
  ]);
});
afterAll(async () => {
  await Promise.all([on?.backend.stop(), off?.backend.stop()]);
});

describe('aggregates while db-aggregates-enabled is off', () => {
  it('answers 400 PGRST123', async () => {
    const res = await off.anon.from('products').select('price.sum()');
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('PGRST123');
    expect(res.error?.message).toBe(
      'Use of aggregate functions is not allowed',
    );
  });
});

describe('aggregates once enabled', () => {
  it('sums, averages and bounds a column in one row named after the function', async () => {
    const { data, error } = await on.anon
      .from('products')
      .select('price.sum(), price.max(), price.min()');
    expect(error).toBeNull();
    expect(data).toEqual([{ sum: 1899.97, max: 999.99, min: 199.99 }]);
  });

  it('renames aggregates and casts their result', async () => {
    const { data } = await on.anon
      .from('products')
      .select('total:price.sum(), average:price.avg()::int, n:count()');
    expect(data).toEqual([{ total: 1899.97, average: 633, n: 3 }]);
  });

  it('casts the field before aggregating it', async () => {
    const { data } = await on.anon.from('products').select('price::int.sum()');
    expect(data).toEqual([{ sum: 1900 }]);
  });

  it('groups by the other selected fields, after filters', async () => {
    const { data } = await on.anon
      .from('messages')
      .select('channel_id, count()')
      .neq('channel_id', 1)
      .order('channel_id');
    expect(data).toEqual([
      { channel_id: 2, count: 1 },
      { channel_id: 3, count: 2 },
    ]);
  });

  it('aggregates inside an embedded resource, per parent row', async () => {
    const { data } = await on.anon
      .from('channels')
      .select('slug, messages(id.count())')
      .order('id');
    expect(data).toEqual([
      { slug: 'public', messages: [{ count: 1 }] },
      { slug: 'random', messages: [{ count: 1 }] },
      { slug: 'other', messages: [{ count: 2 }] },
    ]);
  });

  it('answers Postgres grouping errors as PostgREST does', async () => {
    // Ordering by a column that is neither grouped nor aggregated.
    const res = await on.anon
      .from('messages')
      .select('count()')
      .order('channel_id');
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('42803');
  });

  it('groups by an embedded to-one resource', async () => {
    const { data, error } = await on.anon
      .from('messages')
      .select('count(), channels(slug)');
    expect(error).toBeNull();
    const bySlug = Object.fromEntries(
      (data as unknown as { count: number; channels: { slug: string } }[]).map(
        (r) => [r.channels.slug, r.count],
      ),
    );
    expect(bySlug).toEqual({ public: 1, random: 1, other: 2 });
  });
});
