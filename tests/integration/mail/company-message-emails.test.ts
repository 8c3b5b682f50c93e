import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  type TestCompany,
  type TestUser,
} from '../db/support.ts';

// Issue #21: an author who opted in gets an e-mail when a company writes to
// them about their feedback, through the send-message-emails job function;
// throttled to one e-mail per thread every 10 minutes (later messages are
// gathered into the next). The backend's schedulers are off in tests, so
// each send is this test's call of the function.
let t: TestBackend;
let company: TestCompany;
let member: TestUser;

beforeAll(async () => {
  t = await startTestBackend();
  company = await createCompany(t, {
    domain: 'mail-x.test',
    plan: 'advanced',
  });
  await query(
    t,
    `update public.companies set company_name = 'Mail Co' where id = $1`,
    [company.companyId],
  );
  member = await createUser(t);
  await query(
    t,
    `insert into public.company_members (company_id, user_id, role) values ($1, $2, 'member')`,
    [company.companyId, member.id],
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
      where to_email = $1 and kind = 'company_message' order by created_at, id`,
    [email],
  );

async function send(): Promise<{ handled: number; failed: number }> {
  const res = await t.backend.invokeFunction('send-message-emails', {});
  expect(res.status).toBe(200);
  return (await res.json()) as { handled: number; failed: number };
}

async function authorWithFeedback(optIn: boolean, title = 'Checkout breaks') {
  const author = await createUser(t);
  if (optIn) {
    const r = await author.client
      .from('profiles')
      .update({ email_on_company_message: true })
      .eq('id', author.id)
      .select('email_on_company_message')
      .single();
    expect(r.error).toBeNull();
    expect(r.data).toEqual({ email_on_company_message: true });
  }
  const feedback = await insertFeedback(t, author.id, {
    title,
    websiteUrl: 'https://mail-x.test/checkout',
  });
  return { author, feedback: feedback.id };
}

const ask = async (feedback: string, body: string) => {
  const r = await member.client.rpc('post_company_message', {
    p_feedback_id: feedback,
    p_body: body,
  });
  expect(r.error).toBeNull();
};

describe('e-mail to the author about company messages', () => {
  it('the preference is off by default', async () => {
    const u = await createUser(t);
    const r = await u.client
      .from('profiles')
      .select('email_on_company_message')
      .single();
    expect(r.data).toEqual({ email_on_company_message: false });
  });

  it("an opted-in author gets exactly one e-mail: the company, the title, the company's text, the link and how to stop", async () => {
    const { author, feedback } = await authorWithFeedback(true);
    await ask(feedback, 'Which browser? Write to me at jane@example.com');
    expect(await send()).toEqual({ handled: 1, failed: 0 });
    expect(await send()).toEqual({ handled: 0, failed: 0 });
    const mails = await mailsTo(author.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(
      'Mail Co sent you a message about “Checkout breaks”',
    );
    // #40 item 3: the company's own text, its support address kept.
    expect(mail!.body_text).toContain(
      '> Which browser? Write to me at jane@example.com',
    );
    expect(mail!.link).toBe(`${t.url}/app#feedback-${feedback}`);
    expect(mail!.body_text).toContain(
      `${t.url}/profile/account#email-notifications`,
    );
    // Nothing about the member who wrote.
    expect(mail!.body_text).not.toContain(member.email);
  });

  it('an author who did not opt in gets none', async () => {
    const { author, feedback } = await authorWithFeedback(false);
    await ask(feedback, 'Which page?');
    await send();
    expect(await mailsTo(author.email)).toEqual([]);
    expect(
      await query(
        t,
        'select 1 from private.company_message_emails where feedback_id = $1',
        [feedback],
      ),
    ).toEqual([]);
  });

  it('the author’s own answers and the company’s internal notes send nothing', async () => {
    const { author, feedback } = await authorWithFeedback(true);
    await ask(feedback, 'Which page?');
    await send();
    expect(await mailsTo(author.email)).toHaveLength(1);
    // Past the throttle, so only what is new could cause a mail.
    await query(
      t,
      `update private.company_message_emails set sent_at = now() - interval '1 hour' where feedback_id = $1`,
      [feedback],
    );
    const reply = await author.client.rpc('post_author_reply', {
      p_feedback_id: feedback,
      p_company_id: company.companyId,
      p_body: 'The cart page.',
    });
    expect(reply.error).toBeNull();
    const note = await member.client.rpc('add_feedback_note', {
      p_feedback_id: feedback,
      p_body: 'Internal: reproduce on staging',
    });
    expect(note.error).toBeNull();
    expect(await send()).toEqual({ handled: 0, failed: 0 });
    expect(await mailsTo(author.email)).toHaveLength(1);
  });

  it('a burst is throttled: one e-mail now, the rest gathered into one after 10 minutes', async () => {
    const { author, feedback } = await authorWithFeedback(true, 'Slow search');
    await ask(feedback, 'First question?');
    await send();
    await ask(feedback, 'Second question?');
    await ask(feedback, 'Third question?');
    // Within the 10 minutes: nothing more goes out.
    expect(await send()).toEqual({ handled: 0, failed: 0 });
    expect(await mailsTo(author.email)).toHaveLength(1);
    const [pending] = await query<{ wait: boolean }>(
      t,
      `select run_after > now() + interval '9 minutes' as wait
         from private.company_message_emails where feedback_id = $1 and status = 'pending'`,
      [feedback],
    );
    expect(pending).toEqual({ wait: true });
    // Ten minutes later (the clock moved by moving the due time).
    await query(
      t,
      `update private.company_message_emails set run_after = now() where feedback_id = $1 and status = 'pending'`,
      [feedback],
    );
    expect(await send()).toEqual({ handled: 1, failed: 0 });
    const mails = await mailsTo(author.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(
      'Mail Co sent you 2 messages about “Slow search”',
    );
    expect(mails[1]!.body_text).toContain('> Second question?');
    expect(mails[1]!.body_text).toContain('> Third question?');
    expect(mails[1]!.body_text).not.toContain('First question?');
  });

  it('turning the preference off stops an e-mail already queued', async () => {
    const { author, feedback } = await authorWithFeedback(true);
    await ask(feedback, 'Still there?');
    await author.client
      .from('profiles')
      .update({ email_on_company_message: false })
      .eq('id', author.id);
    expect(await send()).toEqual({ handled: 1, failed: 0 });
    expect(await mailsTo(author.email)).toEqual([]);
  });

  it('each author gets only their own thread', async () => {
    const one = await authorWithFeedback(true, 'Feedback of one');
    const two = await authorWithFeedback(true, 'Feedback of two');
    await ask(one.feedback, 'To one');
    await ask(two.feedback, 'To two');
    await send();
    const [m1] = await mailsTo(one.author.email);
    const [m2] = await mailsTo(two.author.email);
    expect(m1!.body_text).toContain('To one');
    expect(m1!.body_text).not.toContain('To two');
    expect(m1!.body_text).not.toContain('Feedback of two');
    expect(m2!.body_text).toContain('To two');
    expect(m2!.body_text).not.toContain('To one');
  });

  it('text stays text in the HTML part', async () => {
    const { author, feedback } = await authorWithFeedback(
      true,
      'Title <b>bold</b>',
    );
    await ask(feedback, 'Look: <img src=x onerror=alert(1)> & more');
    await send();
    const [mail] = await mailsTo(author.email);
    expect(mail!.body_html).not.toContain('<img');
    expect(mail!.body_html).not.toContain('<b>');
    expect(mail!.body_html).toContain(
      'Look: &lt;img src=x onerror=alert(1)&gt; &amp; more',
    );
    expect(mail!.body_text).toContain(
      '> Look: <img src=x onerror=alert(1)> & more',
    );
  });
});
