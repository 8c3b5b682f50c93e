import { describe, expect, it } from 'vitest';
import { composeWeeklySummary } from '../../../../supabase/functions/send-weekly-summaries/compose.ts';

const NOW = Date.parse('2026-11-30T08:00:00Z');
const row = (waiting: { title: string; created_at: string }[]) => ({
  email: 'owner@example.com',
  company_name: 'Example Inc.',
  week: '2026-11-23',
  arrived: { total: 0, bug: 0, feature: 0, improvement: 0, other: 0 },
  rising: [],
  waiting,
});

describe('the weekly summary: waiting longest (#40 item 20)', () => {
  it('says "sent today" for feedback of today, never "waiting 0 days"', () => {
    const mail = composeWeeklySummary(
      row([
        { title: 'Old one', created_at: '2026-11-28T07:00:00Z' },
        { title: 'Yesterday', created_at: '2026-11-29T07:59:00Z' },
        { title: 'Fresh', created_at: '2026-11-30T07:30:00Z' },
      ]),
      'https://peega.example',
      NOW,
    );
    expect(mail.text).toContain('- Old one (waiting 2 days)');
    expect(mail.text).toContain('- Yesterday (waiting 1 day)');
    expect(mail.text).toContain('- Fresh (sent today)');
    expect(mail.text).not.toContain('0 days');
  });
});
