import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  one,
  query,
  type TestCompany,
} from '../db/support.ts';

// Issue #22: a contributor of a completed topic who opted in gets one
// e-mail through the send-topic-emails job function: the company, the title,
// the XP, the link and how to stop. The backend's schedulers are off in
// tests, so each send is this test's call of the function.
let t: TestBackend;
let company: TestCompany;

beforeAll(async () => {
  t = await startTestBackend();
  company = await createCompany(t, { domain: 'topic-mail.test' });
  await query(
    t,
    `update public.companies set company_name = 'Mail Co' where id = $1`,
    [company.companyId],
  );
});
afterAll(() => t?.stop());

interface Mail {
  subject: string;
  body_text: string;
  body_html: string;
  link: string;
}

const mailsTo = (email: string) =>
  query<Mail>(
    t,
    `select subject, body_text, body_html, link from auth.outbox
      where to_email = $1 and kind = 'topic_completed' order by created_at, id`,
    [email],
  );

async function send(): Promise<{ handled: number; failed: number }> {
  const res = await t.backend.invokeFunction('send-topic-emails', {});
  expect(res.status).toBe(200);
  return (await res.json()) as { handled: number; failed: number };
}

async function contributor(optIn: boolean, title: string) {
  const user = await createUser(t);
  if (optIn) {
    const r = await user.client
      .from('profiles')
      .update({ email_on_topic_completed: true })
      .eq('id', user.id);
    expect(r.error).toBeNull();
  }
  const feedback = await insertFeedback(t, user.id, {
    title,
    description: 'Secret details jane@example.com',
    websiteUrl: 'https://topic-mail.test/page',
  });
  return { user, feedback: feedback.id };
}

/** A topic with the feedback, completed with them in one statement. */
async function complete(feedbackIds: string[]) {
  const topic = await one<{ id: string }>(
    t,
    `insert into public.feedback_topics (company_id, title, status) values ($1, 'Internal', 'in_progress') returning id`,
    [company.companyId],
  );
  for (const f of feedbackIds)
    await query(
      t,
      `insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state) values ($1, $2, $3, 'confirmed')`,
      [company.companyId, f, topic.id],
    );
  await query(
    t,
    `update public.feedback set status = 'read' where id = any($1::uuid[])`,
    [feedbackIds],
  );
  await query(
    t,
    `with f as (update public.feedback set status = 'completed' where id = any($2::uuid[]) returning id)
     update public.feedback_topics set status = 'completed', completed_at = now()
      where id = $1 and (select count(*) from f) >= 0`,
    [topic.id, feedbackIds],
  );
  return topic.id;
}

describe('e-mail when something the contributor reported is completed', () => {
  it('is off by default', async () => {
    const u = await createUser(t);
    const r = await u.client
      .from('profiles')
      .select('email_on_topic_completed')
      .single();
    expect(r.data).toEqual({ email_on_topic_completed: false });
  });

  it('reaches an opted-in contributor once, and nobody who did not opt in', async () => {
    const on = await contributor(true, 'Export is broken');
    const off = await contributor(false, 'Export fails');
    await complete([on.feedback, off.feedback]);
    expect(await send()).toEqual({ handled: 1, failed: 0 });
    expect(await send()).toEqual({ handled: 0, failed: 0 });
    const mails = await mailsTo(on.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Mail Co completed “Export is broken”');
    expect(mail!.body_text).toContain(
      'Mail Co completed something you reported: “Export is broken”.',
    );
    expect(mail!.body_text).toContain('You earned 10 XP for it.');
    expect(mail!.link).toBe(`${t.url}/app#feedback-${on.feedback}`);
    expect(mail!.body_text).toContain(
      `${t.url}/profile/account#email-notifications`,
    );
    expect(mail!.body_text).toContain(
      'E-mail me when something I reported is completed',
    );
    expect(mail!.body_html).not.toContain('jane@example.com');
    expect(await mailsTo(off.user.email)).toEqual([]);
  });

  it('is not sent when the contributor opts out before it goes', async () => {
    const c = await contributor(true, 'Login loops');
    await complete([c.feedback]);
    await c.user.client
      .from('profiles')
      .update({ email_on_topic_completed: false })
      .eq('id', c.user.id);
    expect(await send()).toEqual({ handled: 1, failed: 0 });
    expect(await mailsTo(c.user.email)).toEqual([]);
  });
});
