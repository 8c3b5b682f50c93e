import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS_INVITEE,
  NO_REFERRALS_TEXT,
  REFERRAL_COPIED_TEXT,
  REFERRAL_COPY_FEEDBACK_MS,
  REFERRAL_LINK_PATH,
  REFERRAL_QUERY_PARAM,
  REFERRAL_PROGRAM_TEXT,
  REFERRAL_SIGNUP_BANNER,
  REFERRAL_STATUSES,
  buildReferralLink,
  inviteeDisplayName,
  parseReferralCode,
  referralStats,
  referralStatusInfo,
  referralXpTag,
} from '@shared/domain/referral.ts';

describe('referral constants', () => {
  it.each([
    ['REFERRAL_QUERY_PARAM', REFERRAL_QUERY_PARAM, 'ref'],
    ['REFERRAL_LINK_PATH', REFERRAL_LINK_PATH, '/auth'],
    ['REFERRAL_COPY_FEEDBACK_MS', REFERRAL_COPY_FEEDBACK_MS, 2000],
    ['REFERRAL_COPIED_TEXT', REFERRAL_COPIED_TEXT, 'Copied!'],
    ['ANONYMOUS_INVITEE', ANONYMOUS_INVITEE, 'Anonymous User'],
    [
      'NO_REFERRALS_TEXT',
      NO_REFERRALS_TEXT,
      'No referrals yet. Start sharing your link!',
    ],
    [
      'REFERRAL_SIGNUP_BANNER',
      REFERRAL_SIGNUP_BANNER,
      "You'll get 30 XP bonus once you've confirmed your e-mail and sent your first feedback!",
    ],
    [
      'REFERRAL_PROGRAM_TEXT',
      REFERRAL_PROGRAM_TEXT,
      "You and every friend who signs up with your link get 30 XP once they've confirmed their e-mail and sent their first feedback (up to 5 friends a day, 20 in total).",
    ],
  ])('%s = %j', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('has three statuses', () => {
    expect(REFERRAL_STATUSES).toEqual(['pending', 'completed', 'invalid']);
  });
});

describe('referral link', () => {
  it.each([
    ['https://peega.app', 'AB12CD', 'https://peega.app/auth?ref=AB12CD'],
    ['https://peega.app/', 'AB12CD', 'https://peega.app/auth?ref=AB12CD'],
    [
      'http://localhost:3000',
      'x y&z',
      'http://localhost:3000/auth?ref=x%20y%26z',
    ],
  ])('buildReferralLink(%j, %j) → %j', (origin, code, link) => {
    expect(buildReferralLink(origin, code)).toBe(link);
  });

  it.each([
    ['?ref=AB12CD', 'AB12CD'],
    ['ref=AB12CD', 'AB12CD'],
    ['?mode=signin&ref=%20AB12%20', 'AB12'],
    ['?ref=', null],
    ['?ref=%20', null],
    ['?mode=signin', null],
    ['', null],
  ])('parseReferralCode(%j) → %j', (search, code) => {
    expect(parseReferralCode(search)).toBe(code);
  });

  it('round-trips a code through the link', () => {
    const link = buildReferralLink('https://peega.app', 'a+b/c');
    expect(parseReferralCode(new URL(link).search)).toBe('a+b/c');
  });
});

describe('referral list', () => {
  it.each([
    ['pending', 'Pending', 'yellow', null],
    ['completed', 'Completed', 'green', '+30 XP'],
    ['invalid', 'Invalid', 'red', null],
    ['expired', 'Unknown', 'grey', null],
    [null, 'Unknown', 'grey', null],
  ])('%j → %s, %s, tag %j', (status, label, color, tag) => {
    expect(referralStatusInfo(status)).toEqual({ label, color });
    expect(referralXpTag(status)).toBe(tag);
  });

  it.each([
    ['Ana', 'Ana'],
    ['  Ana ', 'Ana'],
    ['', 'Anonymous User'],
    ['   ', 'Anonymous User'],
    [null, 'Anonymous User'],
    [undefined, 'Anonymous User'],
  ])('inviteeDisplayName(%j) → %j', (nickname, name) => {
    expect(inviteeDisplayName(nickname)).toBe(name);
  });

  it.each([
    [[], 0, 0, 0],
    [['pending'], 1, 0, 0],
    [['completed', 'pending', 'invalid', 'completed'], 4, 2, 60],
    [['completed', 'completed', 'completed'], 3, 3, 90],
  ])(
    'stats of %j → %d total, %d completed, %d XP',
    (statuses, total, completed, xp) => {
      expect(referralStats(statuses)).toEqual({
        totalReferrals: total,
        completedReferrals: completed,
        totalXpEarned: xp,
      });
    },
  );
});
