import { describe, expect, it } from 'vitest';
import {
  TRIAL_DAYS,
  runningTrialDays,
  trialCountdown,
  trialDaysLeft,
  trialEmailWords,
  trialEndsSoon,
} from '../../../../shared/domain/trial.ts';
import { composeTrialEmail } from '../../../../supabase/functions/run-trials/compose.ts';

const now = new Date('2026-12-03T10:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe('the trial countdown (#35)', () => {
  it('counts whole days left, rounded up, and 0 once over', () => {
    expect(trialDaysLeft(inHours(TRIAL_DAYS * 24), now)).toBe(14);
    expect(trialDaysLeft(inHours(13 * 24 + 2), now)).toBe(14);
    expect(trialDaysLeft(inHours(13 * 24), now)).toBe(13);
    expect(trialDaysLeft(inHours(0.5), now)).toBe(1);
    expect(trialDaysLeft(inHours(0), now)).toBe(0);
    expect(trialDaysLeft(inHours(-5).toISOString(), now)).toBe(0);
  });

  it('counts only a running trial', () => {
    const ends = inHours(30).toISOString();
    expect(
      runningTrialDays({ trial_status: 'active', trial_ends_at: ends }, now),
    ).toBe(2);
    expect(
      runningTrialDays({ trial_status: 'ended', trial_ends_at: ends }, now),
    ).toBeNull();
    expect(
      runningTrialDays({ trial_status: null, trial_ends_at: null }, now),
    ).toBeNull();
    expect(runningTrialDays(undefined, now)).toBeNull();
  });

  it('reads as the header shows it', () => {
    expect(trialCountdown(12)).toBe('Pro trial · 12 days left');
    expect(trialCountdown(1)).toBe('Pro trial · last day');
    expect(trialCountdown(0)).toBe('Pro trial ended');
  });

  it('warns in the last three days only', () => {
    expect([4, 3, 2, 1, 0].map(trialEndsSoon)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('the trial e-mails', () => {
  it('say when it ends, what happens then, and link to the plan', () => {
    const mail = composeTrialEmail(
      {
        email: 'owner@shop.example',
        company_name: 'Shop <Co>',
        kind: 'ends_in_3_days',
        trial_ends_at: '2026-12-06T10:00:00Z',
      },
      'https://peega.example/',
    );
    expect(mail.to).toBe('owner@shop.example');
    expect(mail.subject).toBe('Shop <Co>: your Pro trial ends in 3 days');
    expect(mail.text).toContain('It ends on 6 December 2026 at 10:00 UTC.');
    expect(mail.text).toContain('nothing is deleted');
    expect(mail.link).toBe('https://peega.example/company-settings#plan');
    // The company's name is escaped in the HTML part.
    expect(mail.html).toContain('Shop &lt;Co&gt;');
    expect(mail.html).not.toContain('Shop <Co>');
    expect(mail.kind).toBe('trial_ends_in_3_days');
  });

  it('have a subject per kind', () => {
    expect(trialEmailWords('ends_in_1_day', 'X').subject).toBe(
      'X: your Pro trial ends tomorrow',
    );
    expect(trialEmailWords('ended', 'X').intro).toBe(
      'The Pro trial of X has ended: you are on the Free plan.',
    );
  });
});
