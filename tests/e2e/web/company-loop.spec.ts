import { expect, test } from '@playwright/test';
import { QUESTION_ANSWERED_POINTS } from '../../../shared/domain/points.ts';
import { baseURL } from '../../../playwright.config.ts';
import { CompanyPage } from './pages/company.page.ts';
import {
  mailTo,
  newEmail,
  shoot,
  signedInClient,
  signUpOnInvitation,
  withSession,
} from './support.ts';

// Issue #21, the whole loop in one journey with two browsers, a company's
// and the author's: the owner of Not Example (Advanced) invites a new member
// by e-mail; the member signs up on the mailed link, opens a feedback and
// asks its author a question. The author (Casey, who turned on e-mails about
// company messages in their account settings) is notified live on their
// dashboard and by e-mail, follows the e-mail's link, answers and earns XP;
// the member sees the answer live, assigns the feedback to themselves, adds
// an internal note and completes it; the author sees the status change live
// and never the note. Screens at desktop and phone width go to
// PEEGA_SHOTS_DIR (support.ts's shoot).

test('owner invites a member; the member asks; the author is notified live and by e-mail, answers and earns XP; the member triages; the author sees it live', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const authorEmail = 'consumer@example.com';
  const author = await signedInClient(authorEmail);
  // No long digit runs: the company sees phone-like numbers masked.
  const title = `Pricing toggle resets ${Math.random().toString(36).slice(2, 7)}`;
  const { data: fb, error } = await author
    .from('feedback')
    .insert({
      title,
      description: 'Switching to yearly prices jumps back to monthly.',
      category: 'bug',
      company_name: 'Not Example',
      website_url: 'https://notexample.com/pricing',
    })
    .select('id')
    .single();
  if (error) throw error;

  // --- The author's browser: e-mails about company messages turned on.
  const consumerCtx = await browser.newContext({
    viewport: { width: 1366, height: 900 },
  });
  await withSession(consumerCtx, authorEmail);
  const consumer = await consumerCtx.newPage();
  await consumer.goto('/profile/account#email-notifications');
  const emailSwitch = consumer.getByRole('switch', {
    name: 'E-mail me when a company writes to me about my feedback',
  });
  // The first screen of a cold backend on a busy machine may take a while.
  await expect(emailSwitch).toHaveAttribute('aria-checked', 'false', {
    timeout: 20_000,
  });
  await emailSwitch.click();
  await expect(consumer.getByText('Settings saved').first()).toBeVisible();
  await expect(emailSwitch).toHaveAttribute('aria-checked', 'true');
  // Saved on the server, not only on the screen.
  await expect
    .poll(async () => {
      const { data } = await author
        .from('profiles')
        .select('email_on_company_message')
        .single();
      return data?.email_on_company_message;
    })
    .toBe(true);
  // The switch, not the toast over it, on the phone screen.
  await expect(consumer.getByText('Settings saved')).toHaveCount(0, {
    timeout: 15_000,
  });
  await shoot(consumer, 'loop-1-author-email-setting');
  await consumer.goto('/app');
  const item = consumer.getByTestId('feedback-item').filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 20_000 });
  const xpBefore = Number(
    /(\d+) XP/.exec(
      (await consumer.getByTestId('experience').textContent()) ?? '',
    )?.[1],
  );

  // --- The company's browser: the owner invites a new member.
  const companyCtx = await browser.newContext({
    viewport: { width: 1366, height: 900 },
  });
  const owner = await companyCtx.newPage();
  await withSession(owner, 'advanced@notexample.com');
  await owner.goto('/company-settings');
  const card = owner.locator('#members');
  const memberEmail = newEmail('member');
  await card.getByLabel('E-mail address').fill(memberEmail);
  await card.getByRole('button', { name: 'Send invitation' }).click();
  await expect(new CompanyPage(owner).toast('Invitation sent')).toBeVisible();
  await expect(card.getByTestId('invitation')).toContainText(memberEmail);
  await shoot(owner, 'loop-2-owner-invited');
  const invitation = await mailTo(request, memberEmail, 'company_invitation');
  await owner.close();

  // The member opens the mailed link in the company's browser (no session
  // there), signs up on it and lands in the company's dashboard.
  const memberCtx = await browser.newContext({
    viewport: { width: 1366, height: 900 },
  });
  await companyCtx.close();
  const member = await memberCtx.newPage();
  await member.goto(invitation.link);
  await expect(member.getByText(/Not Example invited/)).toContainText(
    memberEmail,
  );
  await signUpOnInvitation(member, 'Morgan Member');
  await expect(member).toHaveURL('/company-dashboard');

  // The member opens the feedback and asks its author.
  await member.goto(`/company-dashboard?feedback=${fb.id}`);
  const detail = member.getByRole('dialog');
  await expect(detail.getByText(title)).toBeVisible({ timeout: 20_000 });
  await detail
    .getByRole('textbox', { name: 'Message to the author' })
    .fill('Which plan were you on? You can mail me at pm@notexample.com');
  await detail
    .getByRole('region', { name: 'Conversation with the author' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(
    member.getByText('Message sent to the author').first(),
  ).toBeVisible();
  await expect(detail.getByTestId('thread-message')).toHaveCount(1);
  // #40 item 3: the company's own text: its address is not masked.
  await expect(detail.getByTestId('thread-message')).toContainText(
    'pm@notexample.com',
  );
  await shoot(member, 'loop-3-member-asked');

  // --- The author: live unread marker and notification, no reload...
  await expect(item.getByTestId('thread-marker')).toHaveText(/1 new message/);
  await expect(
    consumer.getByText(`Not Example asked you about “${title}”`),
  ).toBeVisible();
  await shoot(consumer, 'loop-4-author-notified');
  // ... and an e-mail: the company, the title, its text, the link.
  const mail = await mailTo(request, authorEmail, 'company_message', (m) =>
    m.subject.includes(title),
  );
  expect(mail.subject).toBe(`Not Example sent you a message about “${title}”`);
  expect(mail.body_text).toContain(
    '> Which plan were you on? You can mail me at pm@notexample.com',
  );
  expect(mail.body_text + mail.body_html).not.toContain(memberEmail);
  expect(mail.body_text).toContain(
    `${baseURL}/profile/account#email-notifications`,
  );
  expect(mail.link).toBe(`${baseURL}/app#feedback-${fb.id}`);

  // The e-mail's link opens the feedback with its conversation.
  await consumer.goto(mail.link);
  const thread = item.getByTestId('author-thread');
  await expect(
    thread.getByRole('heading', { name: /Conversation with Not Example/ }),
  ).toBeVisible({ timeout: 20_000 });
  await thread
    .getByRole('textbox', { name: 'Answer to Not Example' })
    .fill(
      'The Pro plan, in Firefox. It happens every time. Mail me at reader@author.example',
    );
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(
    consumer.getByText(`Answer sent · +${QUESTION_ANSWERED_POINTS} XP`),
  ).toBeVisible();
  await expect(consumer.getByTestId('experience')).toContainText(
    `${xpBefore + QUESTION_ANSWERED_POINTS} XP`,
  );
  const { data: points } = await author
    .from('user_points')
    .select('points')
    .eq('feedback_id', fb.id)
    .eq('action_type', 'question_answered');
  expect(points).toEqual([{ points: QUESTION_ANSWERED_POINTS }]);
  // #40 item 3: the author reads their own words, after a reload too.
  await expect(thread).toContainText('Mail me at reader@author.example');
  await consumer.reload();
  await expect(item.getByTestId('author-thread')).toContainText(
    'Mail me at reader@author.example',
    { timeout: 20_000 },
  );
  await shoot(consumer, 'loop-5-author-answered');

  // --- The member sees the answer live, then assigns, notes and completes.
  await expect(detail.getByTestId('thread-message')).toHaveCount(2);
  await expect(detail.getByTestId('thread-message').last()).toContainText(
    'The Pro plan, in Firefox',
  );
  // ... with the author's contact details masked.
  await expect(detail.getByTestId('thread-message').last()).toContainText(
    'Mail me at [email hidden]',
  );
  await detail
    .getByRole('combobox', { name: 'Assignee' })
    .selectOption({ label: memberEmail });
  await expect(member.getByText('Assignee saved').first()).toBeVisible();
  await detail
    .getByRole('textbox', { name: 'Internal note' })
    .fill('Internal: the toggle state is lost on re-render.');
  await detail
    .getByRole('region', { name: 'Notes and activity' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(member.getByText('Note added').first()).toBeVisible();
  await expect(detail.getByTestId('notes')).toContainText(
    'toggle state is lost',
  );
  await detail
    .getByRole('group', { name: 'Change status' })
    .getByRole('button', { name: 'Completed' })
    .click();
  await detail.getByText('Activity (').click();
  const log = detail.getByTestId('activity-log');
  await expect(log).toContainText(`${memberEmail} set the status to Completed`);
  await expect(log).toContainText('The author answered');
  await shoot(member, 'loop-6-member-triaged');

  // --- The author sees the new status live and never the internal note.
  await expect(item.getByText('Completed')).toBeVisible();
  await expect(consumer.getByText('toggle state is lost')).toHaveCount(0);
  await shoot(consumer, 'loop-7-author-completed');

  // The demo account's preference back to its default for other journeys.
  await author
    .from('profiles')
    .update({ email_on_company_message: false })
    .eq('email', authorEmail);
  await consumerCtx.close();
  await memberCtx.close();
});
