/**
 * Referral programme (consumer spec §2 "Referrals", §4 "Referral status",
 * §7 "Referral link"; DECISIONS.md "Referral XP").
 */

import { REFERRAL_POINTS, formatXp } from './points.ts';

/** Query parameter of `/auth` that carries a referral code. */
export const REFERRAL_QUERY_PARAM = 'ref';

/** Path of the sign-up screen the referral link opens. */
export const REFERRAL_LINK_PATH = '/auth';

/** How long the copy button shows 'Copied!', in milliseconds. */
export const REFERRAL_COPY_FEEDBACK_MS = 2000;

/** Copy button text after copying. */
export const REFERRAL_COPIED_TEXT = 'Copied!';

/** Name shown for an invitee without a nickname. */
export const ANONYMOUS_INVITEE = 'Anonymous User';

/** Empty state of the referral list. */
export const NO_REFERRALS_TEXT = 'No referrals yet. Start sharing your link!';

/**
 * The referral link: the site origin plus `/auth?ref={code}`; a trailing
 * slash on the origin is dropped and the code is URL-encoded.
 * `('https://peega.app/', 'AB12')` → `'https://peega.app/auth?ref=AB12'`.
 */
export function buildReferralLink(
  origin: string,
  referralCode: string,
): string {
  const base = origin.replace(/\/+$/, '');
  return `${base}${REFERRAL_LINK_PATH}?${REFERRAL_QUERY_PARAM}=${encodeURIComponent(referralCode)}`;
}

/**
 * Referral code from a query string (with or without `?`), trimmed; null
 * when the parameter is absent or blank.
 */
export function parseReferralCode(search: string): string | null {
  const code = new URLSearchParams(search).get(REFERRAL_QUERY_PARAM)?.trim();
  return code === undefined || code === '' ? null : code;
}

/**
 * Completed referrals one inviter is paid for per UTC day; more wait, still
 * pending, for a later day (security review M6, mirrored by the database's
 * private.complete_referral).
 */
export const REFERRAL_DAILY_CAP = 5;

/**
 * Completed referrals one inviter is paid for in total (600 XP: referrals
 * alone never reach the top level); later ones are invalid.
 */
export const REFERRAL_TOTAL_CAP = 20;

/** Hours after sign-up in which a new account may still use a referral code. */
export const REFERRAL_CLAIM_WINDOW_HOURS = 24;

/**
 * Banner on the sign-up screen when a referral code is present. The XP is
 * paid once the invitee has confirmed their e-mail and sent a first real
 * feedback, so the banner says so.
 */
export const REFERRAL_SIGNUP_BANNER = `You'll get ${REFERRAL_POINTS} XP bonus once you've confirmed your e-mail and sent your first feedback!`;

/** How the referral page explains when the XP is paid. */
export const REFERRAL_PROGRAM_TEXT = `You and every friend who signs up with your link get ${REFERRAL_POINTS} XP once they've confirmed their e-mail and sent their first feedback (up to ${REFERRAL_DAILY_CAP} friends a day, ${REFERRAL_TOTAL_CAP} in total).`;

/** Stored referral statuses. */
export const REFERRAL_STATUSES = ['pending', 'completed', 'invalid'] as const;

/** A stored referral status. */
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** Display data of a referral status. */
export interface ReferralStatusInfo {
  readonly label: string;
  readonly color: 'yellow' | 'green' | 'red' | 'grey';
}

/**
 * Label and colour of a referral status: pending yellow, completed green,
 * invalid red; any other value 'Unknown' in grey.
 */
export function referralStatusInfo(
  status: string | null | undefined,
): ReferralStatusInfo {
  switch (status) {
    case 'pending':
      return { label: 'Pending', color: 'yellow' };
    case 'completed':
      return { label: 'Completed', color: 'green' };
    case 'invalid':
      return { label: 'Invalid', color: 'red' };
    default:
      return { label: 'Unknown', color: 'grey' };
  }
}

/**
 * XP tag beside a referral: `'+30 XP'` when completed, else null (only
 * completed referrals earn XP).
 */
export function referralXpTag(
  status: string | null | undefined,
): string | null {
  return status === 'completed' ? formatXp(REFERRAL_POINTS) : null;
}

/** Name shown for an invitee: the trimmed nickname, or 'Anonymous User'. */
export function inviteeDisplayName(
  nickname: string | null | undefined,
): string {
  const name = (nickname ?? '').trim();
  return name === '' ? ANONYMOUS_INVITEE : name;
}

/** The three numbers of the referral stats card. */
export interface ReferralStats {
  readonly totalReferrals: number;
  readonly completedReferrals: number;
  /** 30 XP per completed referral. */
  readonly totalXpEarned: number;
}

/**
 * Stats from the statuses of the inviter's referrals: all of them, the
 * completed ones, and 30 XP per completed one.
 */
export function referralStats(
  statuses: readonly (string | null | undefined)[],
): ReferralStats {
  const completed = statuses.filter((status) => status === 'completed').length;
  return {
    totalReferrals: statuses.length,
    completedReferrals: completed,
    totalXpEarned: completed * REFERRAL_POINTS,
  };
}
