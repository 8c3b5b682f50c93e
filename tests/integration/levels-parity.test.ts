import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelForPoints } from '../../shared/domain/levels.ts';
import { computeReputation } from '../../shared/domain/reputation.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { LEVEL_CASES } from '../unit/shared/domain/level-cases.ts';

// The level thresholds exist twice (shared/domain/levels.ts and the SQL
// level function); the same case table runs against both so they cannot drift.
let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

describe('compute_level RPC', () => {
  it.each(LEVEL_CASES)('%i points → level %i', async (points, level) => {
    const { data, error } = await t
      .client()
      .rpc('compute_level', { p_points: points });
    expect(error).toBeNull();
    expect(data).toBe(level);
    expect(levelForPoints(points)).toBe(level);
  });

  it('floors fractions like levelForPoints', async () => {
    for (const points of [30.9, 31.2, 100.99, 1000.5]) {
      const { data } = await t
        .client()
        .rpc('compute_level', { p_points: points });
      expect(data).toBe(levelForPoints(points));
    }
  });
});

describe('private.compute_reputation', () => {
  const cases = [
    {
      feedbackCount: 0,
      averageQualityScore: 3,
      upvotes: 0,
      downvotes: 0,
      xp: 0,
    },
    {
      feedbackCount: 1,
      averageQualityScore: 3,
      upvotes: 0,
      downvotes: 0,
      xp: 15,
    },
    {
      feedbackCount: 4,
      averageQualityScore: 4.25,
      upvotes: 3,
      downvotes: 1,
      xp: 250,
    },
    {
      feedbackCount: 3,
      averageQualityScore: 5,
      upvotes: 10,
      downvotes: 0,
      xp: 5000,
    },
    {
      feedbackCount: 7,
      averageQualityScore: 1,
      upvotes: 0,
      downvotes: 9,
      xp: -40,
    },
    {
      feedbackCount: 9,
      averageQualityScore: 2 + 5 / 9,
      upvotes: 2,
      downvotes: 5,
      xp: 999,
    },
  ];
  it.each(cases)('%o', async (input) => {
    const { rows } = await t.ctx.db.query<{ reputation: string }>(
      'select private.compute_reputation($1, $2, $3, $4, $5)::text as reputation',
      [
        input.feedbackCount,
        Math.round(input.averageQualityScore * input.feedbackCount),
        input.upvotes,
        input.downvotes,
        input.xp,
      ],
    );
    expect(Number(rows[0]?.reputation)).toBe(computeReputation(input));
  });
});
