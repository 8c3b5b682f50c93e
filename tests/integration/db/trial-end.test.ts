import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  type TestCompany,
  type TestUser,
} from './support.ts';
import { join, planOf, runTrials, trialMails } from './trial-support.ts';

// #35, the end of the 14-day Pro trial (its start: trial.test.ts), on a
// backend of its own so no other trial is due. run-trials (the schedulers
// are off in tests, so each run is this test's call, at a moment it names)
// reminds the owner 3 days and 1 day before and ends the trial on time: Free
// again, nothing deleted, members beyond the seat read-only until the owner
// picks who stays or the plan grows.
let t: TestBackend;

beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

describe('the end of the trial', () => {
  let x: TestCompany;
  let admin: TestUser;
  let member: TestUser;
  let ends: Date;
  let feedbackId: string;

  beforeAll(async () => {
    x = await createCompany(t, { domain: 'trial-end.test' });
    await query(
      t,
      `update public.companies set company_name = 'Trial Co' where id = $1`,
      [x.companyId],
    );
    const author = await createUser(t);
    feedbackId = (
      await insertFeedback(t, author.id, {
        websiteUrl: 'https://trial-end.test/',
      })
    ).id;
    const started = await x.client.rpc('start_trial');
    ends = new Date(started.data as string);
    // The trial's seats: the owner invites two teammates.
    admin = await join(t, x, 'admin');
    member = await join(t, x, 'member');
  });

  it('reminds the owner 3 days and 1 day before, once each', async () => {
    const day = 86_400_000;
    expect(
      await runTrials(t, new Date(ends.getTime() - 5 * day)),
    ).toMatchObject({
      ended: 0,
      queued: 0,
    });
    expect(
      await runTrials(t, new Date(ends.getTime() - 2.5 * day)),
    ).toMatchObject({ ended: 0, queued: 1, handled: 1 });
    expect(
      await runTrials(t, new Date(ends.getTime() - 2 * day)),
    ).toMatchObject({
      queued: 0,
      handled: 0,
    });
    expect(
      await runTrials(t, new Date(ends.getTime() - 0.5 * day)),
    ).toMatchObject({ queued: 1, handled: 1 });
    const mails = await trialMails(t, x.email);
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['trial_ends_in_3_days', 'Trial Co: your Pro trial ends in 3 days'],
      ['trial_ends_in_1_day', 'Trial Co: your Pro trial ends tomorrow'],
    ]);
    expect(mails[0]!.body_text).toMatch(/nothing is deleted/);
    // The trial still runs: nothing changed yet.
    expect((await planOf(x.client)).plan).toBe('pro');
  });

  it('ends on time: Free again, nothing deleted, members beyond the seat read-only', async () => {
    const note = await admin.client.rpc('add_feedback_note', {
      p_feedback_id: feedbackId,
      p_body: 'Written during the trial',
    });
    expect(note.error).toBeNull();

    expect(await runTrials(t, new Date(ends.getTime() + 60_000))).toMatchObject(
      {
        ended: 1,
        handled: 1,
      },
    );
    expect(
      await runTrials(t, new Date(ends.getTime() + 120_000)),
    ).toMatchObject({
      ended: 0,
      queued: 0,
    });
    expect((await trialMails(t, x.email)).at(-1)?.subject).toBe(
      'Trial Co: your Pro trial has ended',
    );

    expect(await planOf(x.client)).toMatchObject({
      plan: 'free',
      trial_status: 'ended',
      trial_refusal: 'used',
      read_only: false,
    });
    expect(await planOf(admin.client)).toMatchObject({
      plan: 'free',
      read_only: true,
    });
    const team = await x.client.rpc('get_company_members');
    expect(
      (team.data as { role: string; read_only: boolean }[]).map((m) => [
        m.role,
        m.read_only,
      ]),
    ).toEqual([
      ['owner', false],
      ['admin', true],
      ['member', true],
    ]);
    const seats = await x.client
      .rpc('get_company_seats')
      .single<{ seat_limit: number; members: number }>();
    expect(seats.data).toMatchObject({ seat_limit: 1, members: 1 });

    // Kept: the note written during the trial.
    const notes = await query(
      t,
      'select 1 from public.feedback_notes where feedback_id = $1',
      [feedbackId],
    );
    expect(notes).toHaveLength(1);
  });

  it('a read-only member reads but changes nothing', async () => {
    const list = await member.client.rpc('get_company_feedback', {
      p_page: 1,
      p_page_size: 50,
    });
    expect(list.error).toBeNull();

    const status = await member.client.rpc('update_feedback_status', {
      feedback_uuid: feedbackId,
      new_status: 'read',
    });
    expect(status.error?.code).toBe('42501');
    expect(status.error?.message).toMatch(/^Your seat is read-only/);
    const note = await admin.client.rpc('add_feedback_note', {
      p_feedback_id: feedbackId,
      p_body: 'After the trial',
    });
    expect(note.error?.code).toBe('42501');
    // A read-only admin administers nothing either.
    const hook = await admin.client.rpc('create_company_webhook', {
      p_url: 'https://hooks.example.com/peega',
    });
    expect(hook.error?.message).toMatch(/^Your seat is read-only/);

    // The owner still works.
    const byOwner = await x.client.rpc('update_feedback_status', {
      feedback_uuid: feedbackId,
      new_status: 'read',
    });
    expect(byOwner.error).toBeNull();
  });

  it('the owner picks who stays; a bigger plan gives the seats back at once', async () => {
    // Free has the owner's seat only.
    const keep = await x.client.rpc('set_member_seat', {
      p_user_id: admin.id,
      p_keep: true,
    });
    expect(keep.error?.message).toMatch(/^Your Free plan includes 1 seat/);
    const byAdmin = await admin.client.rpc('set_member_seat', {
      p_user_id: admin.id,
      p_keep: true,
    });
    expect(byAdmin.error?.code).toBe('42501');
    const owner = await x.client.rpc('set_member_seat', {
      p_user_id: x.id,
      p_keep: false,
    });
    expect(owner.error?.message).toBe('The owner always keeps a seat.');

    // The operator (or, later, a purchase) moves the company to Pro.
    await query(
      t,
      `update public.company_subscriptions set subscription_type = 'pro' where company_id = $1`,
      [x.companyId],
    );
    expect((await planOf(admin.client)).read_only).toBe(false);
    expect((await planOf(member.client)).read_only).toBe(false);

    // On Pro the owner can free a seat and give it back.
    expect(
      (
        await x.client.rpc('set_member_seat', {
          p_user_id: member.id,
          p_keep: false,
        })
      ).error,
    ).toBeNull();
    expect((await planOf(member.client)).read_only).toBe(true);
    expect(
      (
        await x.client.rpc('set_member_seat', {
          p_user_id: member.id,
          p_keep: true,
        })
      ).error,
    ).toBeNull();
    expect((await planOf(member.client)).read_only).toBe(false);
  });
});
