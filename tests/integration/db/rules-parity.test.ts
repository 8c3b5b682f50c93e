import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLAN_RULES,
  PLANS,
  nextViewReset,
  resolvePlan,
} from '../../../shared/domain/plans.ts';
import {
  DAILY_FEEDBACK_XP_CAP,
  FIXED_ACTION_POINTS,
  MAX_FEEDBACK_POINTS,
  POINT_ACTION_TYPES,
  feedbackAwards,
  feedbackPointsPreview,
  spamReversal,
} from '../../../shared/domain/points.ts';
import { profileCompleteness } from '../../../shared/domain/profile-completeness.ts';
import {
  FEEDBACK_STATUSES,
  canTransition,
} from '../../../shared/domain/statuses.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createUser,
  insertFeedback,
  ledgerOf,
  ok,
  query,
  serviceClient,
  uploadMedia,
  utcDay,
} from './support.ts';

// Issue #20, one source of truth per business rule: the database enforces
// the view allowances and awards XP; shared/domain states the same numbers
// for the screens (the view counter, the terms, the pricing cards, the XP
// on the Send button). Each TypeScript copy is checked here against what the
// database does, so changing either side alone fails.
let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

async function sql<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await query<{ v: T }>(t, text, params);
  return row!.v;
}

describe('plans (private.view_limit, view_period_start, resolve_plan)', () => {
  it.each(PLANS)('%s: views per period', async (plan) => {
    expect(
      await sql<number | null>('select private.view_limit($1) as v', [plan]),
    ).toBe(PLAN_RULES[plan].viewLimit);
  });

  const instants = [
    '2025-03-01T23:30:00Z',
    '2024-12-30T00:00:00Z',
    '2021-01-03T12:00:00Z',
    '2026-11-25T19:37:17Z',
  ];
  it.each(PLANS.flatMap((p) => instants.map((i) => [p, i] as const)))(
    '%s at %s: the period starts where nextViewReset says it ends',
    async (plan, instant) => {
      const start = await sql<Date | null>(
        'select private.view_period_start($1, $2::timestamptz) as v',
        [plan, instant],
      );
      const reset = nextViewReset(plan, new Date(instant));
      const length =
        PLAN_RULES[plan].viewPeriod === 'utc-day' ? 86_400_000 : 7 * 86_400_000;
      expect(start && new Date(start).getTime()).toBe(
        reset && reset.getTime() - length,
      );
    },
  );

  it.each([
    'free',
    'pro',
    'advanced',
    ' PRO ',
    'premium',
    'Enterprise',
    '',
    null,
    'gold',
  ])('resolve_plan(%j)', async (stored) => {
    expect(
      await sql<string>('select private.resolve_plan($1) as v', [stored]),
    ).toBe(resolvePlan(stored));
  });

  it.each(PLANS)('%s: team seats (private.seat_limit)', async (plan) => {
    expect(
      await sql<number | null>('select private.seat_limit($1) as v', [plan]),
    ).toBe(PLAN_RULES[plan].seats);
  });
});

describe('XP (award_points, the feedback triggers, user_points)', () => {
  it('every action type the ledger accepts, and only those', async () => {
    const def = await sql<string>(
      `select pg_get_constraintdef(oid) as v from pg_constraint
        where conname = 'user_points_action_type_known'`,
    );
    const known = [...def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(known.sort()).toEqual([...POINT_ACTION_TYPES].sort());
  });

  it.each(Object.entries(FIXED_ACTION_POINTS))(
    '%s is worth %i XP',
    async (action, points) => {
      const user = await createUser(t);
      const feedback = await insertFeedback(t, user.id);
      // award_points refuses any other amount, naming the one it wants.
      const wrong = await serviceClient(t).rpc('award_points', {
        p_user_id: user.id,
        p_action_type: action,
        p_points: -1,
        p_feedback_id: feedback.id,
      });
      expect(wrong.error?.code).toBe('22023');
      expect(wrong.error?.message).toBe(`${action} is worth ${points} points.`);
    },
  );

  it('a feedback_submitted record is worth at most MAX_FEEDBACK_POINTS', async () => {
    const user = await createUser(t);
    const feedback = await insertFeedback(t, user.id);
    const award = (points: number) =>
      serviceClient(t).rpc('award_points', {
        p_user_id: user.id,
        p_action_type: 'feedback_submitted',
        p_points: points,
        p_feedback_id: feedback.id,
      });
    expect((await award(MAX_FEEDBACK_POINTS + 1)).error?.code).toBe('22023');
    expect((await award(MAX_FEEDBACK_POINTS)).error).toBeNull();
  });

  it('a feedback earns what feedbackAwards says: base, media bonuses, first-feedback bonus', async () => {
    const user = await createUser(t);
    const cases = [
      { hasScreenshot: false, hasAudio: false },
      { hasScreenshot: false, hasAudio: false },
      { hasScreenshot: true, hasAudio: false },
      { hasScreenshot: false, hasAudio: true },
      { hasScreenshot: true, hasAudio: true },
    ];
    const expected: [string, number][] = [];
    for (const [i, media] of cases.entries()) {
      const input = {
        ...media,
        isFirstFeedback: i === 0,
        submittedTodayBefore: i,
      };
      const row = ok(
        await user.client
          .from('feedback')
          .insert({
            title: `Feedback ${i}`,
            description: 'The footer link is broken.',
            company_name: 'Example',
            website_url: 'https://example.com',
            ...(media.hasScreenshot
              ? { screenshot_url: await uploadMedia(user, 'screenshots') }
              : {}),
            ...(media.hasAudio
              ? { audio_url: await uploadMedia(user, 'audio') }
              : {}),
          })
          .select('points_awarded')
          .single(),
      );
      expect(row.points_awarded).toBe(feedbackPointsPreview(input));
      expected.push(
        ...feedbackAwards(input).map(
          (a) => [a.actionType, a.points] as [string, number],
        ),
      );
    }
    expect(await ledgerOf(t, user.id)).toEqual(expected);
  });

  it('the daily cap: the DAILY_FEEDBACK_XP_CAP-th feedback of a UTC day earns XP, the next earns none', async () => {
    const user = await createUser(t);
    const day = utcDay(-5);
    const points: number[] = [];
    for (let i = 0; i <= DAILY_FEEDBACK_XP_CAP; i++) {
      points.push(
        (await insertFeedback(t, user.id, { createdAt: day })).points_awarded,
      );
    }
    expect(points).toEqual(
      points.map((_, i) =>
        feedbackPointsPreview({
          hasScreenshot: false,
          hasAudio: false,
          isFirstFeedback: i === 0,
          submittedTodayBefore: i,
        }),
      ),
    );
    expect(points.at(-2)).toBeGreaterThan(0);
    expect(points.at(-1)).toBe(0);
  });

  it('a feedback flagged as spam loses what spamReversal takes back', async () => {
    const user = await createUser(t);
    const first = await insertFeedback(t, user.id);
    ok(
      await serviceClient(t).rpc('apply_feedback_analysis', {
        p_feedback_id: first.id,
        p_analysis: { is_spam: true, sentiment: 'neutral' },
      }),
    );
    const reversal = spamReversal(first.points_awarded);
    expect((await ledgerOf(t, user.id)).at(-1)).toEqual([
      reversal?.actionType,
      reversal?.points,
    ]);
  });
});

describe('feedback workflow (private.can_transition)', () => {
  const pairs = FEEDBACK_STATUSES.flatMap((from) =>
    FEEDBACK_STATUSES.map((to) => [from, to] as const),
  );
  it.each(pairs)('%s → %s', async (from, to) => {
    expect(
      await sql<boolean>('select private.can_transition($1, $2) as v', [
        from,
        to,
      ]),
    ).toBe(canTransition(from, to));
  });
});

describe('profile completeness (private.profile_sections)', () => {
  const full = {
    age_range: '30-34',
    city: 'Lisbon, Portugal',
    languages: ['English'],
    devices: ['desktop'],
    gender: 'female',
    job_title: 'QA Engineer',
    seniority: 'Senior',
    tech_knowledge: 7,
    topics: ['Technology'],
    hobbies: ['Reading'],
  };
  const cases: Record<string, unknown>[] = [
    full,
    {},
    { ...full, city: '   ' },
    { ...full, languages: [] },
    { ...full, devices: [' '] },
    { ...full, gender: null },
    { ...full, job_title: 'Other' },
    { ...full, job_title: ' ' },
    { ...full, seniority: '' },
    { ...full, tech_knowledge: 0 },
    { ...full, tech_knowledge: 10 },
    { ...full, tech_knowledge: 11 },
    { ...full, tech_knowledge: null },
    { ...full, topics: [] },
    { ...full, hobbies: ['', 'Chess'] },
  ];
  it.each(cases)('%o', async (profile) => {
    const [row] = await query<Record<string, boolean>>(
      t,
      `select (s).general, (s).job, (s).interests, (s).complete
         from (select private.profile_sections(
                 jsonb_populate_record(null::public.profiles, $1::jsonb)) as s) x`,
      [JSON.stringify(profile)],
    );
    expect(row).toEqual(profileCompleteness(profile));
  });
});

// The TypeScript copy of the domain match (no screen used it) is gone; its
// cases now run against the database's rule itself.
describe('company domain matching (private.host_matches_domains)', () => {
  it.each([
    ['https://example.com', ['example.com'], true],
    ['https://www.example.com/page', ['example.com'], true],
    ['http://shop.example.com:8080/cart', ['example.com'], true],
    ['https://EXAMPLE.com', ['Example.COM'], true],
    ['https://notexample.com', ['example.com'], false],
    ['https://example.com.evil.io', ['example.com'], false],
    ['https://myexample.com', ['example.com'], false],
    ['https://example.com', ['shop.example.com'], false],
    ['https://example.org/x', ['example.com', 'example.org'], true],
    ['https://blog.example.org', ['example.com, example.org'], true],
    ['https://example.net', ['example.com', 'example.org'], false],
    ['', ['example.com'], false],
    ['https://example.com', [], false],
    ['chrome://newtab', ['newtab.com'], false],
  ] as const)('%j on %j → %s', async (website, domains, expected) => {
    expect(
      await sql<boolean>(
        `select coalesce(private.host_matches_domains(
                  private.normalize_host($1), private.parse_domain_list($2::text[])), false) as v`,
        [website, domains],
      ),
    ).toBe(expected);
  });
});
