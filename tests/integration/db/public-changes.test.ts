import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  one,
  query,
  type TestCompany,
  type TestUser,
} from './support.ts';

// Issue #22 "You said, we did": the opt-in public page of a company's
// published completed topics (set_public_page, publish_topic,
// get_public_changes) and the contributors' notification on completion.
let t: TestBackend;
let company: TestCompany;
let member: TestUser;

beforeAll(async () => {
  t = await startTestBackend();
  company = await createCompany(t, { domain: 'changes-x.test' });
  await query(
    t,
    `update public.companies set company_name = 'Acme' where id = $1`,
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

/** A topic of the company with the given feedback confirmed in it. */
async function topicWith(
  feedbackIds: string[],
  status = 'completed',
  title = 'Internal: cart crash cluster',
): Promise<string> {
  const { id } = await one<{ id: string }>(
    t,
    `insert into public.feedback_topics (company_id, title, status, completed_at)
     values ($1, $2, $3, case when $3 = 'completed' then now() end) returning id`,
    [company.companyId, title, status],
  );
  for (const f of feedbackIds) {
    await query(
      t,
      `insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state)
       values ($1, $2, $3, 'confirmed')`,
      [company.companyId, f, id],
    );
  }
  return id;
}

/** Completes the topic and its feedback in ONE transaction, as the topic RPCs do. */
async function completeTogether(topicId: string, feedbackIds: string[]) {
  await query(
    t,
    `update public.feedback set status = 'read' where id = any($1::uuid[])`,
    [feedbackIds],
  );
  await query(
    t,
    `with f as (update public.feedback set status = 'completed'
                 where id = any($2::uuid[]) returning id)
     update public.feedback_topics
        set status = 'completed', completed_at = now(), status_changed_at = now()
      where id = $1 and (select count(*) from f) >= 0`,
    [topicId, feedbackIds],
  );
}

describe('the public page address', () => {
  it('only owners and admins set it, with the slug rules', async () => {
    const byMember = await member.client.rpc('set_public_page', {
      p_slug: 'acme',
    });
    expect(byMember.error?.code).toBe('42501');
    for (const bad of [
      'ab',
      'Has Space',
      '-acme',
      'acme-',
      'a'.repeat(41),
      'ác-me',
    ]) {
      const r = await company.client.rpc('set_public_page', { p_slug: bad });
      expect(r.error?.code, bad).toBe('22023');
    }
    const reserved = await company.client.rpc('set_public_page', {
      p_slug: 'admin',
    });
    expect(reserved.error?.message).toMatch(/reserved/);
    const ok = await company.client.rpc('set_public_page', {
      p_slug: '  Acme-App ',
    });
    expect(ok.error).toBeNull();
    expect(ok.data).toBe('acme-app');

    const other = await createCompany(t, { domain: 'changes-y.test' });
    const taken = await other.client.rpc('set_public_page', {
      p_slug: 'acme-app',
    });
    expect(taken.error?.code).toBe('23505');
    expect(taken.error?.message).toMatch(/taken/);
  });
});

describe('publishing', () => {
  it('publishes only completed topics of the caller’s company, as plain text (the company’s own: not masked)', async () => {
    const author = await createUser(t);
    const fb = await insertFeedback(t, author.id, {
      websiteUrl: 'https://changes-x.test/a',
    });
    const open = await topicWith([fb.id], 'in_progress');
    const refused = await member.client.rpc('publish_topic', {
      p_topic_id: open,
      p_public_title: 'Faster cart',
    });
    expect(refused.error?.code).toBe('22023');
    expect(refused.error?.message).toBe(
      'Only completed topics can be published.',
    );

    const done = await topicWith([]);
    const empty = await member.client.rpc('publish_topic', {
      p_topic_id: done,
      p_public_title: '   ',
    });
    expect(empty.error?.message).toBe(
      'The public title needs 1 to 120 characters.',
    );
    const long = await member.client.rpc('publish_topic', {
      p_topic_id: done,
      p_public_title: 'Fine',
      p_public_note: 'x'.repeat(1001),
    });
    expect(long.error?.message).toBe(
      'The note can be at most 1000 characters.',
    );

    const published = await member.client.rpc('publish_topic', {
      p_topic_id: done,
      p_public_title: ' Cart no longer crashes ',
      p_public_note: 'Thanks! Write to ceo@acme.test or +44 20 7946 0958.',
    });
    expect(published.error).toBeNull();
    expect(published.data[0]).toMatchObject({
      public_title: 'Cart no longer crashes',
      // #40 item 3: the company's own text, its contact details kept.
      public_note: 'Thanks! Write to ceo@acme.test or +44 20 7946 0958.',
    });

    // Another company cannot publish (or unpublish) this one.
    const other = await createCompany(t, { domain: 'changes-z.test' });
    const foreign = await other.client.rpc('publish_topic', {
      p_topic_id: done,
      p_public_title: 'Hijack',
    });
    expect(foreign.error?.code).toBe('PT404');
    const foreignOff = await other.client.rpc('unpublish_topic', {
      p_topic_id: done,
    });
    expect(foreignOff.error?.code).toBe('PT404');
    // A consumer is not a company.
    const consumer = await author.client.rpc('publish_topic', {
      p_topic_id: done,
      p_public_title: 'Mine',
    });
    expect(consumer.error?.code).toBe('42501');
  });
});

describe('get_public_changes', () => {
  it('returns only what the company published, to anyone, and nothing once opted out', async () => {
    const slug = 'acme-public';
    expect(
      (await company.client.rpc('set_public_page', { p_slug: slug })).error,
    ).toBeNull();
    const a = await createUser(t);
    const b = await createUser(t);
    const fa = await insertFeedback(t, a.id, {
      title: 'Secret title by A',
      description: 'Private description by A',
      websiteUrl: 'https://changes-x.test/cart',
    });
    const fa2 = await insertFeedback(t, a.id, {
      title: 'Another by A',
      websiteUrl: 'https://changes-x.test/cart2',
    });
    const fb = await insertFeedback(t, b.id, {
      title: 'Secret title by B',
      websiteUrl: 'https://changes-x.test/cart3',
    });
    const shown = await topicWith(
      [fa.id, fa2.id, fb.id],
      'completed',
      'Internal cart name',
    );
    const hidden = await topicWith([], 'completed', 'Internal hidden');
    expect(
      (
        await member.client.rpc('publish_topic', {
          p_topic_id: shown,
          p_public_title: 'The cart is fast now',
          p_public_note: 'Rebuilt the checkout.',
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await member.client.rpc('publish_topic', {
          p_topic_id: hidden,
          p_public_title: 'Taken back',
        })
      ).error,
    ).toBeNull();
    expect(
      (await member.client.rpc('unpublish_topic', { p_topic_id: hidden })).data,
    ).toBe(true);

    const anon = t.client();
    const page = await anon.rpc('get_public_changes', { p_slug: slug });
    expect(page.error).toBeNull();
    expect(page.data.company_name).toBe('Acme');
    expect(page.data.slug).toBe(slug);
    // Newest first: this one, then the one the publishing test published.
    expect(
      page.data.topics.map((x: { public_title: string }) => x.public_title),
    ).toEqual(['The cart is fast now', 'Cart no longer crashes']);
    const [topic] = page.data.topics;
    expect(Object.keys(topic).sort()).toEqual([
      'completed_at',
      'public_note',
      'public_title',
      'reporters',
    ]);
    expect(topic).toMatchObject({
      public_title: 'The cart is fast now',
      public_note: 'Rebuilt the checkout.',
      reporters: 2,
    });
    const payload = JSON.stringify(page.data);
    for (const secret of [
      a.id,
      b.id,
      a.email,
      b.email,
      'Secret title',
      'Private description',
      'Internal',
      shown,
      'Taken back',
    ])
      expect(payload).not.toContain(secret);

    // A topic reopened leaves the page.
    await query(
      t,
      `update public.feedback_topics set status = 'in_progress' where id = $1`,
      [shown],
    );
    expect(
      (await anon.rpc('get_public_changes', { p_slug: slug })).data.topics,
    ).toHaveLength(1);
    await query(
      t,
      `update public.feedback_topics set status = 'completed' where id = $1`,
      [shown],
    );

    // Bounded, and paged by completion date.
    const limited = await anon.rpc('get_public_changes', {
      p_slug: slug,
      p_limit: 100000,
      p_before: '2000-01-01T00:00:00Z',
    });
    expect(limited.data.topics).toEqual([]);

    // Unknown and opted-out slugs: null.
    expect(
      (await anon.rpc('get_public_changes', { p_slug: 'nobody-here' })).data,
    ).toBeNull();
    expect(
      (await company.client.rpc('set_public_page', { p_slug: null })).error,
    ).toBeNull();
    expect(
      (await anon.rpc('get_public_changes', { p_slug: slug })).data,
    ).toBeNull();
  });
});

describe('contributors of a completed topic', () => {
  const notificationsOf = (userId: string) =>
    query<{
      kind: string;
      feedback_title: string;
      company_name: string;
      xp: number | null;
      new_status: string;
    }>(
      t,
      `select kind, feedback_title, company_name, xp, new_status from public.notifications
        where user_id = $1 and new_status = 'completed' order by created_at, id`,
      [userId],
    );
  const emailsOf = (userId: string) =>
    query(
      t,
      `select id from private.topic_completion_emails where user_id = $1`,
      [userId],
    );

  it('get one notification each with the XP of the verdict, and an e-mail only when opted in', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const onA = await a.client
      .from('profiles')
      .update({ email_on_topic_completed: true })
      .eq('id', a.id)
      .select('email_on_topic_completed')
      .single();
    expect(onA.data).toEqual({ email_on_topic_completed: true });
    const a1 = await insertFeedback(t, a.id, {
      title: 'Cart crash',
      websiteUrl: 'https://changes-x.test/1',
    });
    const a2 = await insertFeedback(t, a.id, {
      title: 'Cart again',
      websiteUrl: 'https://changes-x.test/2',
    });
    const b1 = await insertFeedback(t, b.id, {
      title: 'Cart slow',
      websiteUrl: 'https://changes-x.test/3',
    });
    // The company's own member reported one too: never notified.
    const m1 = await insertFeedback(t, member.id, {
      title: 'Our own',
      websiteUrl: 'https://changes-x.test/4',
    });
    const topic = await topicWith([a1.id, a2.id, b1.id, m1.id], 'in_progress');

    await completeTogether(topic, [a1.id, a2.id, b1.id, m1.id]);

    expect(await notificationsOf(a.id)).toEqual([
      {
        kind: 'topic_completed',
        feedback_title: 'Cart crash',
        company_name: 'Acme',
        xp: 20,
        new_status: 'completed',
      },
    ]);
    expect(await notificationsOf(b.id)).toEqual([
      {
        kind: 'topic_completed',
        feedback_title: 'Cart slow',
        company_name: 'Acme',
        xp: 10,
        new_status: 'completed',
      },
    ]);
    expect(
      (await notificationsOf(member.id)).filter(
        (n) => n.kind === 'topic_completed',
      ),
    ).toEqual([]);
    expect(await emailsOf(a.id)).toHaveLength(1);
    expect(await emailsOf(b.id)).toHaveLength(0);

    // Completing again (reopened, then completed) does not notify twice.
    await query(
      t,
      `update public.feedback_topics set status = 'in_progress' where id = $1`,
      [topic],
    );
    await query(
      t,
      `update public.feedback_topics set status = 'completed' where id = $1`,
      [topic],
    );
    expect(await notificationsOf(a.id)).toHaveLength(1);
    expect(await emailsOf(a.id)).toHaveLength(1);

    // The contributor reads their own notification through the API.
    const mine = await a.client
      .from('notifications')
      .select('kind, xp, company_name')
      .eq('kind', 'topic_completed');
    expect(mine.data).toEqual([
      { kind: 'topic_completed', xp: 20, company_name: 'Acme' },
    ]);
  });

  it('uses the public title when published before, and reads XP awarded earlier through the RPC', async () => {
    const c = await createUser(t);
    const c1 = await insertFeedback(t, c.id, {
      title: 'Dark mode please',
      websiteUrl: 'https://changes-x.test/5',
    });
    for (const s of ['read', 'completed']) {
      const r = await member.client.rpc('update_feedback_status', {
        feedback_uuid: c1.id,
        new_status: s,
      });
      expect(r.error).toBeNull();
    }
    const topic = await topicWith([c1.id], 'in_progress');
    await query(
      t,
      `update public.feedback_topics set public_title = 'Dark mode is here' where id = $1`,
      [topic],
    );
    await query(
      t,
      `update public.feedback_topics set status = 'completed' where id = $1`,
      [topic],
    );
    // The earlier per-feedback item stays (another transaction); one topic item.
    expect(await notificationsOf(c.id)).toEqual([
      {
        kind: 'feedback_status',
        feedback_title: 'Dark mode please',
        company_name: null,
        xp: null,
        new_status: 'completed',
      },
      {
        kind: 'topic_completed',
        feedback_title: 'Dark mode is here',
        company_name: 'Acme',
        xp: 10,
        new_status: 'completed',
      },
    ]);
    expect(await emailsOf(c.id)).toHaveLength(0);
  });
});
