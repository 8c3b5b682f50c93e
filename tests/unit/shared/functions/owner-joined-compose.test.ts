import { describe, expect, it } from 'vitest';
import { composeOwnerJoinedEmail } from '../../../../supabase/functions/send-owner-joined-emails/compose.ts';

describe('the "owner joined" e-mail (#35)', () => {
  it('names the site, links the dashboard and the setting, escapes the HTML', () => {
    const mail = composeOwnerJoinedEmail(
      { email: 'a@example.net', domain: 'shop.example' },
      'https://peega.example/',
    );
    expect(mail.to).toBe('a@example.net');
    expect(mail.subject).toBe('The owner of shop.example joined Peega');
    expect(mail.text).toContain(
      'The owner of shop.example joined Peega and can now read your feedback.',
    );
    expect(mail.link).toBe('https://peega.example/app');
    expect(mail.text).toContain(
      'https://peega.example/profile/account#email-notifications',
    );
    const odd = composeOwnerJoinedEmail(
      { email: 'a@example.net', domain: '<b>x' },
      'https://peega.example',
    );
    expect(odd.html).not.toContain('<b>x');
    expect(odd.html).toContain('&lt;b&gt;x');
  });
});
