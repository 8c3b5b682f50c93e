import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMyCompany } from '../../../shared/data/companies.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  uniqueEmail,
  type TestCompany,
  type TestUser,
} from './support.ts';

// Issue #21, team seats: members act for the company through membership,
// invitations are single-use and bound to their address, seats follow the
// plan, and a removed member loses every read at once (realtime included).
let t: TestBackend;
let x: TestCompany;
let y: TestCompany;
let author: TestUser;

beforeAll(async () => {
  t = await startTestBackend();
  x = await createCompany(t, { domain: 'team-x.test', plan: 'advanced' });
  y = await createCompany(t, { domain: 'team-y.test', plan: 'advanced' });
  author = await createUser(t);
});
afterAll(() => t?.stop());

async function invite(
  owner: SupabaseClient,
  email: string,
  role: 'admin' | 'member' = 'member',
) {
  const { data, error } = await owner
    .rpc('invite_company_member', { p_email: email, p_role: role })
    .single<{ id: string; token: string }>();
  if (error) throw new Error(error.message);
  return data;
}

async function join(company: TestCompany, role: 'admin' | 'member' = 'member') {
  const user = await createUser(t);
  const { token } = await invite(company.client, user.email, role);
  const { error } = await user.client.rpc('accept_company_invitation', {
    p_token: token,
  });
  expect(error).toBeNull();
  return user;
}

const feedbackOf = async (c: SupabaseClient) =>
  c.rpc('get_company_feedback', { p_page: 1, p_page_size: 50 });

describe('invitations', () => {
  it('an invitee joins with the link, once, and then works for the company', async () => {
    const invitee = await createUser(t);
    const { token } = await invite(x.client, invitee.email.toUpperCase());
    const preview = await t
      .client()
      .rpc('get_company_invitation', { p_token: token })
      .single<{ email: string; state: string; company_name: string }>();
    expect(preview.data).toMatchObject({
      email: invitee.email,
      state: 'pending',
      // #40 item 5: the page offers "Sign in and join" first.
      has_account: true,
    });
    const nobody = `nobody-${Date.now()}@example.net`;
    const fresh = await invite(x.client, nobody);
    const freshPreview = await t
      .client()
      .rpc('get_company_invitation', { p_token: fresh.token })
      .single<{ has_account: boolean }>();
    expect(freshPreview.data?.has_account).toBe(false);
    const stored = await query<{ token_hash: string }>(
      t,
      'select token_hash from public.company_invitations where email = $1',
      [invitee.email],
    );
    expect(stored[0]!.token_hash).not.toBe(token);

    const accepted = await invitee.client
      .rpc('accept_company_invitation', { p_token: token })
      .single<{ company_id: string; role: string }>();
    expect(accepted.data).toMatchObject({
      company_id: x.companyId,
      role: 'member',
    });
    expect((await getMyCompany(invitee.client as never, invitee.id))?.id).toBe(
      x.companyId,
    );

    // Used once: the same link no longer works, for anyone.
    const again = await invitee.client.rpc('accept_company_invitation', {
      p_token: token,
    });
    expect(again.error?.message).toBe('This invitation has already been used.');
  });

  it('is refused when forged, revoked, expired or opened by another address', async () => {
    const forged = await author.client.rpc('accept_company_invitation', {
      p_token: 'f'.repeat(64),
    });
    expect(forged.error?.message).toBe('This invitation link is not valid.');

    const a = await createUser(t);
    const revoked = await invite(x.client, a.email);
    await x.client.rpc('revoke_company_invitation', {
      p_invitation_id: revoked.id,
    });
    const r = await a.client.rpc('accept_company_invitation', {
      p_token: revoked.token,
    });
    expect(r.error?.message).toMatch(/was revoked/);

    const b = await createUser(t);
    const expired = await invite(x.client, b.email);
    await query(
      t,
      `update public.company_invitations set expires_at = now() - interval '1 second' where id = $1`,
      [expired.id],
    );
    const e = await b.client.rpc('accept_company_invitation', {
      p_token: expired.token,
    });
    expect(e.error?.message).toMatch(/has expired/);

    const c = await createUser(t);
    const forC = await invite(x.client, c.email);
    const stranger = await createUser(t);
    const s = await stranger.client.rpc('accept_company_invitation', {
      p_token: forC.token,
    });
    expect(s.error?.code).toBe('42501');
    expect(s.error?.message).toMatch(/was sent to/);
    await x.client.rpc('revoke_company_invitation', {
      p_invitation_id: forC.id,
    });

    // An account in another company cannot join a second one.
    const ownerOfY = await x.client
      .rpc('invite_company_member', { p_email: y.email, p_role: 'member' })
      .single<{ id: string; token: string }>();
    const twice = await y.client.rpc('accept_company_invitation', {
      p_token: ownerOfY.data!.token,
    });
    expect(twice.error?.message).toMatch(/already belongs to a company/);
    await x.client.rpc('revoke_company_invitation', {
      p_invitation_id: ownerOfY.data!.id,
    });
  });

  it('only owners and admins invite; a member cannot', async () => {
    const member = await join(y, 'member');
    const r = await member.client.rpc('invite_company_member', {
      p_email: uniqueEmail('nope'),
      p_role: 'member',
    });
    expect(r.error?.code).toBe('42501');
    const admin = await join(y, 'admin');
    await expect(
      invite(admin.client, uniqueEmail('by-admin')),
    ).resolves.toBeTruthy();
  });

  it('the invitation e-mail goes out through the send-invitations function with the link, and forgets the token', async () => {
    const email = uniqueEmail('mailed');
    const { token } = await invite(y.client, email);
    // The job function the schedulers call (pg_net / pg_cron on hosted,
    // the embedded scheduler locally), through the configured e-mail provider.
    const res = await t.backend.invokeFunction('send-invitations', {});
    expect(res.status).toBe(200);
    expect(((await res.json()) as { sent: number }).sent).toBeGreaterThan(0);
    const [mail] = await query<{ link: string; subject: string }>(
      t,
      `select link, subject from auth.outbox where to_email = $1 and kind = 'company_invitation'`,
      [email],
    );
    expect(mail!.link).toBe(`${t.url}/company-invitation?token=${token}`);
    expect(
      await query(t, 'select 1 from private.company_invitation_emails'),
    ).toEqual([]);
  });

  it('limits invitations per invited address', async () => {
    const email = uniqueEmail('spammed');
    for (let i = 0; i < 3; i++) await invite(y.client, email);
    const r = await y.client.rpc('invite_company_member', {
      p_email: email,
      p_role: 'member',
    });
    expect(r.error?.code).toBe('PT429');
  });
});

describe('seats by plan', () => {
  it('Free has 1 seat, Pro 3 (pending invitations count), Advanced no limit', async () => {
    const free = await createCompany(t, { domain: 'team-free.test' });
    const r = await free.client.rpc('invite_company_member', {
      p_email: uniqueEmail('seat'),
      p_role: 'member',
    });
    expect(r.error?.message).toBe(
      'Your Free plan includes 1 seat, and all are taken. Revoke an invitation, remove a member or upgrade to add more.',
    );

    const pro = await createCompany(t, {
      domain: 'team-pro.test',
      plan: 'pro',
    });
    await join(pro);
    const pending = await invite(pro.client, uniqueEmail('pending'));
    const third = await pro.client.rpc('invite_company_member', {
      p_email: uniqueEmail('third'),
      p_role: 'member',
    });
    expect(third.error?.message).toMatch(/Pro plan includes 3 seats/);
    // Re-inviting the pending address replaces its invitation: no new seat.
    const { data: seats } = await pro.client.rpc('get_company_seats').single();
    expect(seats).toMatchObject({
      plan: 'pro',
      seat_limit: 3,
      members: 2,
      pending: 1,
    });
    await pro.client.rpc('revoke_company_invitation', {
      p_invitation_id: pending.id,
    });
    await expect(invite(pro.client, uniqueEmail('fits'))).resolves.toBeTruthy();

    // A plan that shrank: accepting finds no seat left.
    const shrink = await createCompany(t, {
      domain: 'team-shrink.test',
      plan: 'pro',
    });
    const late = await createUser(t);
    const link = await invite(shrink.client, late.email);
    await query(
      t,
      `update public.company_subscriptions set subscription_type = 'free' where company_id = $1`,
      [shrink.companyId],
    );
    const refused = await late.client.rpc('accept_company_invitation', {
      p_token: link.token,
    });
    expect(refused.error?.message).toMatch(/Free plan includes 1 seat/);

    for (let i = 0; i < 4; i++) await join(y);
    const { data: many } = await y.client
      .rpc('get_company_seats')
      .single<{ seat_limit: number | null; members: number }>();
    expect(many!.seat_limit).toBeNull();
    expect(many!.members).toBeGreaterThan(3);
  });
});

describe('members act for their company, and only for it', () => {
  it('a member reads X’s feedback with X’s plan; a view by any member counts once', async () => {
    // On Pro, where views are counted against the allowance.
    const pro = await createCompany(t, {
      domain: 'team-views.test',
      plan: 'pro',
    });
    const member = await join(pro);
    const fb = await insertFeedback(t, author.id, {
      websiteUrl: 'https://team-views.test/page',
      title: 'Seen by the team',
    });
    const list = await feedbackOf(member.client);
    expect(list.error).toBeNull();
    expect((list.data as { id: string }[]).map((r) => r.id)).toContain(fb.id);

    const before = await pro.client
      .rpc('get_company_view_allowance')
      .single<{ views_used: number }>();
    for (const c of [member.client, pro.client]) {
      const d = await c.rpc('get_company_feedback_detail', {
        feedback_uuid: fb.id,
      });
      expect(d.error).toBeNull();
    }
    const after = await member.client
      .rpc('get_company_view_allowance')
      .single<{ views_used: number }>();
    expect(after.data!.views_used).toBe(before.data!.views_used + 1);

    // Triage: statuses; never settings.
    const s = await member.client.rpc('update_feedback_status', {
      feedback_uuid: fb.id,
      new_status: 'in_progress',
    });
    expect(s.error).toBeNull();
    const hook = await member.client.rpc('create_company_webhook', {
      p_url: 'https://hooks.example.com/x',
      p_format: 'json',
    });
    expect(hook.error?.code).toBe('42501');
    const rename = await member.client
      .from('companies')
      .update({ company_name: 'Taken over' })
      .eq('id', pro.companyId)
      .select();
    expect(rename.data).toEqual([]);
    const domains = await member.client.rpc('request_domain_verification', {
      p_domain: 'team-views.test',
    });
    expect(domains.error?.code).toBe('42501');
  });

  it('members and owners read nothing of a domain not verified yet', async () => {
    const unproven = await createCompany(t, {
      domain: 'team-unproven.test',
      plan: 'advanced',
      verified: false,
    });
    const member = await join(unproven);
    const fb = await insertFeedback(t, author.id, {
      websiteUrl: 'https://team-unproven.test/p',
    });
    for (const c of [unproven.client, member.client]) {
      const list = await feedbackOf(c);
      expect(list.error).toBeNull();
      expect(list.data).toEqual([]);
      const detail = await c.rpc('get_company_feedback_detail', {
        feedback_uuid: fb.id,
      });
      expect(detail.data ?? []).toEqual([]);
    }
  });

  it('a member of X never reads or writes Y’s anything', async () => {
    const member = await join(x);
    const fbY = await insertFeedback(t, author.id, {
      websiteUrl: 'https://team-y.test/page',
    });
    const list = await feedbackOf(member.client);
    expect((list.data as { id: string }[]).map((r) => r.id)).not.toContain(
      fbY.id,
    );
    const detail = await member.client.rpc('get_company_feedback_detail', {
      feedback_uuid: fbY.id,
    });
    expect(detail.data ?? []).toEqual([]);
    const status = await member.client.rpc('update_feedback_status', {
      feedback_uuid: fbY.id,
      new_status: 'completed',
    });
    expect(status.error).not.toBeNull();
    for (const table of [
      'companies',
      'company_members',
      'company_subscriptions',
      'company_domains',
      'company_feedback_views',
      'company_feedback_events',
    ]) {
      const { data } = await member.client
        .from(table)
        .select('*')
        .eq(table === 'companies' ? 'id' : 'company_id', y.companyId);
      expect(data, table).toEqual([]);
    }
    const yMembers = await member.client.rpc('get_company_members');
    expect(
      (yMembers.data as { user_id: string }[]).map((m) => m.user_id),
    ).not.toContain(y.id);
    const removeY = await member.client.rpc('remove_company_member', {
      p_user_id: y.id,
    });
    expect(removeY.error).not.toBeNull();
  });

  it('roles: admins manage members, nobody demotes or removes the owner', async () => {
    const admin = await join(y, 'admin');
    const member = await join(y, 'member');
    expect(
      (
        await admin.client.rpc('change_company_member_role', {
          p_user_id: y.id,
          p_role: 'member',
        })
      ).error?.message,
    ).toBe("The owner's role cannot be changed.");
    expect(
      (await admin.client.rpc('remove_company_member', { p_user_id: y.id }))
        .error?.message,
    ).toBe('The owner cannot be removed from the company.');
    expect(
      (
        await member.client.rpc('change_company_member_role', {
          p_user_id: admin.id,
          p_role: 'member',
        })
      ).error?.code,
    ).toBe('42501');
    expect(
      (
        await admin.client.rpc('change_company_member_role', {
          p_user_id: member.id,
          p_role: 'admin',
        })
      ).error,
    ).toBeNull();
    const invitations = await admin.client.rpc('get_company_invitations');
    expect(invitations.error).toBeNull();
    const owners = await query(
      t,
      `select 1 from public.company_members where company_id = $1 and role = 'owner'`,
      [y.companyId],
    );
    expect(owners).toHaveLength(1);
  });

  it('self-dealing covers every member: no XP for feedback about the company’s own domain', async () => {
    const member = await join(x);
    const fb = await insertFeedback(t, member.id, {
      websiteUrl: 'https://team-x.test/own',
    });
    expect(fb.points_awarded).toBe(0);
    const rate = await x.client.rpc('rate_feedback', {
      feedback_uuid: fb.id,
      rating: 5,
    });
    expect(rate.error?.message).toBe('You cannot rate your own feedback.');
  });
});

describe('removal', () => {
  it('a removed member loses access at once, realtime included', async () => {
    const member = await join(x);
    // Realtime authorises with the token given to setAuth, not the REST header.
    await member.client.realtime.setAuth(
      await t.ctx.jwt.sign(
        {
          sub: member.id,
          role: 'authenticated',
          aud: 'authenticated',
          email: member.email,
        },
        3600,
      ),
    );
    const events: string[] = [];
    const channel = member.client.channel('team-removal').on(
      'postgres_changes' as never,
      {
        event: 'INSERT',
        schema: 'public',
        table: 'company_feedback_events',
        filter: `company_id=eq.${x.companyId}`,
      },
      (change: { new: { feedback_id: string } }) =>
        events.push(change.new.feedback_id),
    );
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no join')), 10_000);
      channel.subscribe((s) => {
        if (s === 'SUBSCRIBED') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const first = await insertFeedback(t, author.id, {
      websiteUrl: 'https://team-x.test/live',
    });
    await expect.poll(() => events, { timeout: 5000 }).toContain(first.id);

    const removed = await x.client.rpc('remove_company_member', {
      p_user_id: member.id,
    });
    expect(removed.error).toBeNull();

    const second = await insertFeedback(t, author.id, {
      websiteUrl: 'https://team-x.test/after',
    });
    // The owner still gets it; the removed member does not.
    const list = await feedbackOf(x.client);
    expect((list.data as { id: string }[]).map((r) => r.id)).toContain(
      second.id,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(events).not.toContain(second.id);
    await member.client.removeChannel(channel);

    const after = await feedbackOf(member.client);
    expect(after.error?.code).toBe('42501');
    expect(await getMyCompany(member.client as never, member.id)).toBeNull();
    const companies = await member.client.from('companies').select('id');
    expect(companies.data).toEqual([]);

    // #40 item 2: they are told, and only they (their open screens close).
    const notice = await member.client
      .from('notifications')
      .select('kind, company_name')
      .eq('kind', 'company_removed');
    expect(notice.data).toEqual([
      { kind: 'company_removed', company_name: expect.any(String) },
    ]);
    const owners = await x.client
      .from('notifications')
      .select('id')
      .eq('kind', 'company_removed');
    expect(owners.data).toEqual([]);
  });
});
