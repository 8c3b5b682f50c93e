import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_FILTERS,
  LOCKED_FILTER_LABEL,
  PLAN_RULES,
  UPGRADE_FILTERS_BANNER,
  VIEW_LIMIT_REACHED_CODE,
  canUseFilter,
  formatSeats,
  formatViewCounter,
  hasSeatLeft,
  hasLockedFilters,
  isViewLimitReached,
  nextViewReset,
  resolvePlan,
  utcDayKey,
  viewLimitMessage,
} from '@shared/domain/plans.ts';
import type { DashboardFilter, Plan } from '@shared/domain/plans.ts';

describe('plan rules', () => {
  it.each([
    ['free', 'Free', 0, 5, 'utc-day', ['search', 'domain'], 1],
    ['pro', 'Pro', 15, 20, 'iso-week', [...DASHBOARD_FILTERS], 3],
    ['advanced', 'Advanced', 30, null, null, [...DASHBOARD_FILTERS], null],
  ] as const)(
    '%s: %s, %d €, %j views per %j, filters %j, seats %j',
    (plan, name, price, limit, period, filters, seats) => {
      expect(PLAN_RULES[plan]).toEqual({
        plan,
        name,
        priceEurPerMonth: price,
        viewLimit: limit,
        viewPeriod: period,
        filters,
        seats,
      });
    },
  );

  it('has the five dashboard filters', () => {
    expect(DASHBOARD_FILTERS).toEqual([
      'search',
      'domain',
      'category',
      'status',
      'date',
    ]);
  });

  it.each([
    ['LOCKED_FILTER_LABEL', LOCKED_FILTER_LABEL, 'Premium'],
    [
      'UPGRADE_FILTERS_BANNER',
      UPGRADE_FILTERS_BANNER,
      'Upgrade to premium to use advanced filters',
    ],
  ])('%s = %j', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('resolvePlan', () => {
  it.each([
    ['free', 'free'],
    ['pro', 'pro'],
    ['advanced', 'advanced'],
    ['premium', 'advanced'],
    ['enterprise', 'advanced'],
    ['Premium', 'advanced'],
    ['  PRO ', 'pro'],
    ['gold', 'free'],
    ['', 'free'],
    [null, 'free'],
    [undefined, 'free'],
  ])('%j → %s', (stored, plan) => {
    expect(resolvePlan(stored)).toBe(plan);
  });
});

describe('filters', () => {
  it.each<[Plan, DashboardFilter, boolean]>([
    ['free', 'search', true],
    ['free', 'domain', true],
    ['free', 'category', false],
    ['free', 'status', false],
    ['free', 'date', false],
    ['pro', 'category', true],
    ['pro', 'status', true],
    ['pro', 'date', true],
    ['advanced', 'search', true],
    ['advanced', 'date', true],
  ])('%s can use %s: %s', (plan, filter, expected) => {
    expect(canUseFilter(plan, filter)).toBe(expected);
  });

  it.each<[Plan, boolean]>([
    ['free', true],
    ['pro', false],
    ['advanced', false],
  ])('%s has locked filters: %s', (plan, expected) => {
    expect(hasLockedFilters(plan)).toBe(expected);
  });
});

describe('view allowance', () => {
  it.each<[Plan, number, string]>([
    ['free', 3, '3/5 today'],
    ['free', 5, '5/5 today'],
    ['pro', 12, '12/20 per week'],
    ['advanced', 42, '42'],
  ])('counter on %s with %d → %j', (plan, used, text) => {
    expect(formatViewCounter(plan, used)).toBe(text);
  });

  it.each<[Plan, { title: string; description: string } | null]>([
    [
      'free',
      {
        title: 'Daily limit reached',
        description:
          "You've reached your daily limit of 5 feedback views. Upgrade to view more.",
      },
    ],
    [
      'pro',
      {
        title: 'Weekly limit reached',
        description:
          "You've reached your weekly limit of 20 feedback views. Upgrade to view more.",
      },
    ],
    ['advanced', null],
  ])('limit message on %s → %j', (plan, message) => {
    expect(viewLimitMessage(plan)).toEqual(message);
  });
});

describe('isViewLimitReached', () => {
  it('recognises the server refusal by its code, whatever the message says', () => {
    expect(VIEW_LIMIT_REACHED_CODE).toBe('PT402');
    expect(isViewLimitReached({ code: 'PT402', message: 'anything' })).toBe(
      true,
    );
    expect(
      isViewLimitReached(Object.assign(new Error('x'), { code: 'PT402' })),
    ).toBe(true);
  });
  it('does not take the message text, another code or a non-error for it', () => {
    expect(
      isViewLimitReached({ code: '42501', message: 'Daily limit reached' }),
    ).toBe(false);
    expect(isViewLimitReached(new Error('Daily limit reached'))).toBe(false);
    expect(isViewLimitReached({ code: 'PT403' })).toBe(false);
    expect(isViewLimitReached(null)).toBe(false);
    expect(isViewLimitReached('PT402')).toBe(false);
  });
});

describe('period keys', () => {
  it.each([
    ['2025-03-02T00:00:00Z', '2025-03-02'],
    ['2025-03-02T23:59:59.999Z', '2025-03-02'],
    ['2025-03-01T23:30:00-02:00', '2025-03-02'],
    ['2024-02-29T12:00:00Z', '2024-02-29'],
    ['0999-01-05T00:00:00Z', '0999-01-05'],
  ])('utcDayKey(%s) → %s', (iso, key) => {
    expect(utcDayKey(new Date(iso))).toBe(key);
  });

  it.each<[Plan, string, string | null]>([
    ['free', '2025-03-12T10:00:00Z', '2025-03-13T00:00:00.000Z'],
    ['free', '2025-03-12T00:00:00Z', '2025-03-13T00:00:00.000Z'],
    ['free', '2025-12-31T23:59:59Z', '2026-01-01T00:00:00.000Z'],
    ['pro', '2025-03-12T10:00:00Z', '2025-03-17T00:00:00.000Z'], // Wed
    ['pro', '2025-03-10T00:00:00Z', '2025-03-17T00:00:00.000Z'], // Mon 00:00
    ['pro', '2025-03-16T23:59:59Z', '2025-03-17T00:00:00.000Z'], // Sun
    ['advanced', '2025-03-12T10:00:00Z', null],
  ])('nextViewReset(%s, %s) → %j', (plan, iso, expected) => {
    expect(nextViewReset(plan, new Date(iso))?.toISOString() ?? null).toBe(
      expected,
    );
  });
});

describe('team seats (#21)', () => {
  it.each([
    ['free', 1, '1 of 1 seat used', false],
    ['pro', 2, '2 of 3 seats used', true],
    ['pro', 3, '3 of 3 seats used', false],
    ['advanced', 12, '12 seats used (unlimited)', true],
  ] as const)('%s with %i used: %j, seat left %j', (plan, used, text, left) => {
    expect(formatSeats(plan, used)).toBe(text);
    expect(hasSeatLeft(plan, used)).toBe(left);
  });
});
