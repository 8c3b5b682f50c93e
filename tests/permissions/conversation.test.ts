import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_RULES } from '../../shared/domain/plans.ts';
import {
  DAILY_ANSWER_XP_CAP,
  QUESTION_ANSWERED_POINTS,
} from '../../shared/domain/points.ts';
import {
  createUser,
  insertFeedback,
  ledgerOf,
} from '../integration/db/support.ts';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  type World,
  memberOfX,
} from './support.ts';

// #21: the conversation between a company's members and the anonymous
// author of a feedback, and the company's triage around it. Company X
// (example.com) gets a second member inserted as the database owner (the
// invitation flow is another helper's).
let w: World;
let member: Awaited<ReturnType<typeof memberOfX>>;
beforeAll(async () => {
  w = await startWorld();
  member = await memberOfX(w, 'member-x@perm.test');
});
afterAll(() => w?.t.stop());

const ask = (
  who: 'companyX' | 'companyY' | 'member',
  feedback: string,
  body = 'When did it happen?',
) =>
  (who === 'member' ? member.client : w.as[who]).rpc('post_company_message', {
    p_feedback_id: feedback,
    p_body: body,
  });

const answer = (
  who: 'consumerA' | 'consumerB' | 'companyX',
  feedback: string,
  company: string,
  body = 'Yesterday evening.',
) =>
  w.as[who].rpc('post_author_reply', {
    p_feedback_id: feedback,
    p_company_id: company,
    p_body: body,
  });

describe('conversation', () => {
  it('a member asks; the author is notified, reads the thread and answers; both sides see it', async () => {
    const asked = await ask(
      'member',
      w.feedback.a,
      'Which browser? Write to me at jane@example.com',
    );
    allowed(asked);
    expect(asked.data).toMatchObject({
      from_author: false,
      company_name: 'Test Company',
      // #40 item 3: a company's own text is not masked (its support address).
      body: 'Which browser? Write to me at jane@example.com',
    });
    // No user id in the row the author reads.
    expect(JSON.stringify(asked.data)).not.toContain(member.id);

    const notes = await w.as.consumerA
      .from('notifications')
      .select('kind, feedback_id, company_name')
      .eq('kind', 'company_message');
    expect(notes.data).toEqual([
      {
        kind: 'company_message',
        feedback_id: w.feedback.a,
        company_name: 'Test Company',
      },
    ]);
    const thread = await w.as.consumerA
      .from('feedback_messages')
      .select('body, read_at')
      .eq('feedback_id', w.feedback.a);
    allowed(thread, 1);

    const replied = await answer(
      'consumerA',
      w.feedback.a,
      w.company.X,
      'Firefox, call me on +44 20 7946 0958',
    );
    allowed(replied);
    // #40 item 3: the author keeps their own words; the company reads them
    // masked, in the thread and live (the table's copy).
    expect(replied.data).toMatchObject({
      from_author: true,
      body: 'Firefox, call me on +44 20 7946 0958',
      points_awarded: QUESTION_ANSWERED_POINTS,
    });
    const stored = await w.as.companyX
      .from('feedback_messages')
      .select('body')
      .eq('feedback_id', w.feedback.a)
      .eq('from_author', true);
    expect(stored.data).toEqual([
      { body: 'Firefox, call me on [phone hidden]' },
    ]);
    const mine = await w.as.consumerA
      .from('feedback_messages')
      .select('body, original:feedback_message_originals(body)')
      .eq('feedback_id', w.feedback.a)
      .eq('from_author', true);
    expect(mine.data).toEqual([
      {
        body: 'Firefox, call me on [phone hidden]',
        original: { body: 'Firefox, call me on +44 20 7946 0958' },
      },
    ]);
    const theirs = await w.as.companyX
      .from('feedback_message_originals')
      .select('body');
    expect(theirs.data).toEqual([]);
    // The owner (another member) reads the whole thread, without the author's identity.
    const own = await w.as.companyX.rpc('get_company_thread', {
      p_feedback_id: w.feedback.a,
    });
    allowed(own, 2);
    const text = JSON.stringify(own.data);
    expect(text).not.toContain(w.id.consumerA);
    expect(text).not.toContain(w.email.consumerA);
    expect(text).not.toContain('Alice');
    expect(text).toContain('[phone hidden]');
    expect(text).not.toContain('7946');
  });

  it('XP once per question: a second answer to the same question earns nothing', async () => {
    const again = await answer(
      'consumerA',
      w.feedback.a,
      w.company.X,
      'And Chrome too.',
    );
    allowed(again);
    expect((again.data as { points_awarded: number }).points_awarded).toBe(0);
    const ledger = await ledgerOf(w.t, w.id.consumerA);
    expect(ledger.filter(([a]) => a === 'question_answered')).toEqual([
      ['question_answered', QUESTION_ANSWERED_POINTS],
    ]);
  });

  it('XP is capped per UTC day', async () => {
    const author = await createUser(w.t);
    const fb = await insertFeedback(w.t, author.id, {
      websiteUrl: 'https://example.com/cap',
    });
    let earned = 0;
    for (let i = 0; i < DAILY_ANSWER_XP_CAP + 2; i++) {
      allowed(await ask('companyX', fb.id, `Question ${i}?`));
      const r = await author.client.rpc('post_author_reply', {
        p_feedback_id: fb.id,
        p_company_id: w.company.X,
        p_body: `Answer ${i}.`,
      });
      allowed(r);
      earned += (r.data as { points_awarded: number }).points_awarded;
    }
    expect(earned).toBe(DAILY_ANSWER_XP_CAP * QUESTION_ANSWERED_POINTS);
  });

  it('no XP for a member of the asking company answering about their own feedback', async () => {
    const fb = await insertFeedback(w.t, member.id, {
      websiteUrl: 'https://example.com/own',
    });
    allowed(await ask('companyX', fb.id));
    const r = await member.client.rpc('post_author_reply', {
      p_feedback_id: fb.id,
      p_company_id: w.company.X,
      p_body: 'My own answer.',
    });
    allowed(r);
    expect((r.data as { points_awarded: number }).points_awarded).toBe(0);
    expect(
      (await ledgerOf(w.t, member.id)).filter(
        ([a]) => a === 'question_answered',
      ),
    ).toEqual([]);
  });

  it("a company cannot post on, or read, another company's feedback or threads", async () => {
    forbidden(await ask('companyY', w.feedback.a));
    forbidden(
      await w.as.companyY.rpc('get_company_thread', {
        p_feedback_id: w.feedback.a,
      }),
    );
    denied(
      await w.as.companyY
        .from('feedback_messages')
        .select('*')
        .eq('feedback_id', w.feedback.a),
      'hidden',
    );
    forbidden(
      await w.as.companyY.rpc('mark_thread_read', {
        p_feedback_id: w.feedback.a,
      }),
    );
  });

  it('a consumer cannot post into, or read, a thread about feedback that is not theirs', async () => {
    forbidden(await answer('consumerB', w.feedback.a, w.company.X));
    denied(
      await w.as.consumerB
        .from('feedback_messages')
        .select('*')
        .eq('feedback_id', w.feedback.a),
      'hidden',
    );
    forbidden(
      await w.as.consumerB.rpc('post_company_message', {
        p_feedback_id: w.feedback.a,
        p_body: 'x',
      }),
    );
    forbidden(
      await w.as.anon.rpc('post_author_reply', {
        p_feedback_id: w.feedback.a,
        p_company_id: w.company.X,
        p_body: 'x',
      }),
    );
  });

  it('an author answers only a company that asked', async () => {
    denied(await answer('consumerB', w.feedback.b, w.company.Y), {
      code: 'PT404',
      message: /has not asked you anything/,
    });
  });

  it('length and blank messages are refused', async () => {
    denied(await ask('companyX', w.feedback.a, '   '), {
      code: '22023',
      message: /Write a message/,
    });
    denied(await ask('companyX', w.feedback.a, 'x'.repeat(2001)), {
      code: '22023',
      message: /2,000/,
    });
    allowed(await ask('companyX', w.feedback.a, 'y'.repeat(2000)));
  });

  it('clients cannot write threads directly', async () => {
    forbidden(
      await w.as.consumerA.from('feedback_messages').insert({
        feedback_id: w.feedback.a,
        company_id: w.company.X,
        company_name: 'Fake',
        from_author: false,
        body: 'forged',
      }),
    );
  });

  it('the view allowance gates posting: a free company with no views left cannot open a new feedback by asking', async () => {
    const fresh = await insertFeedback(w.t, w.id.consumerB, {
      websiteUrl: 'https://example.com/fresh',
    });
    // The allowance used up: as many counted views today as the plan allows.
    for (let i = 0; i < PLAN_RULES.free.viewLimit!; i++) {
      const f = await insertFeedback(w.t, w.id.consumerB, {
        websiteUrl: `https://example.com/f${i}`,
      });
      await rows(
        w,
        `insert into public.company_feedback_views (company_id, feedback_id, viewed_on, viewed_at, counted)
         values ($1, $2, (now() at time zone 'UTC')::date, now(), true)`,
        [w.company.X, f.id],
      );
    }
    const r = await ask('companyX', fresh.id);
    expect(r.error?.code).toBe('PT402');
  });
});

describe('triage', () => {
  it('members assign, set priority and note; the log names them by e-mail', async () => {
    allowed(
      await w.as.companyX.rpc('set_feedback_assignee', {
        p_feedback_id: w.feedback.a,
        p_assignee: member.id,
      }),
    );
    allowed(
      await member.client.rpc('set_feedback_priority', {
        p_feedback_id: w.feedback.a,
        p_priority: 'high',
      }),
    );
    allowed(
      await member.client.rpc('add_feedback_note', {
        p_feedback_id: w.feedback.a,
        p_body: 'Reproduced on staging.',
      }),
    );
    const t = await w.as.companyX.rpc('get_feedback_triage', {
      p_feedback_id: w.feedback.a,
    });
    allowed(t);
    const data = t.data as {
      assignee_id: string;
      priority: string;
      notes: { body: string; author_email: string }[];
      activity: { kind: string; actor_email: string | null }[];
    };
    expect(data.assignee_id).toBe(member.id);
    expect(data.priority).toBe('high');
    expect(data.notes).toEqual([
      expect.objectContaining({
        body: 'Reproduced on staging.',
        author_email: 'member-x@perm.test',
      }),
    ]);
    const kinds = data.activity.map((a) => a.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'message',
        'answer',
        'assigned',
        'priority',
        'note',
      ]),
    );
    expect(
      data.activity.find((a) => a.kind === 'answer')?.actor_email,
    ).toBeNull();
    expect(JSON.stringify(data)).not.toContain(w.id.consumerA);
  });

  it('only members can be assigned', async () => {
    denied(
      await w.as.companyX.rpc('set_feedback_assignee', {
        p_feedback_id: w.feedback.a,
        p_assignee: w.id.companyY,
      }),
      { code: '22023', message: /member of your company/ },
    );
  });

  it("another company never reads or writes X's triage; authors never see notes", async () => {
    for (const [fn, args] of [
      [
        'set_feedback_assignee',
        { p_feedback_id: w.feedback.a, p_assignee: null },
      ],
      [
        'set_feedback_priority',
        { p_feedback_id: w.feedback.a, p_priority: 'low' },
      ],
      ['add_feedback_note', { p_feedback_id: w.feedback.a, p_body: 'x' }],
      ['get_feedback_triage', { p_feedback_id: w.feedback.a }],
    ] as const) {
      forbidden(await w.as.companyY.rpc(fn, args));
      forbidden(await w.as.consumerA.rpc(fn, args));
    }
    for (const table of [
      'feedback_triage',
      'feedback_notes',
      'feedback_activity',
    ] as const) {
      denied(
        await w.as.companyY
          .from(table)
          .select('*')
          .eq('feedback_id', w.feedback.a),
        'hidden',
      );
      denied(await w.as.consumerA.from(table).select('*'), 'hidden');
    }
    const thread = await w.as.consumerA
      .from('feedback_messages')
      .select('body');
    expect(JSON.stringify(thread.data)).not.toContain('Reproduced on staging');
  });

  it('bulk status change notifies and rewards each author as a single change', async () => {
    const one = await insertFeedback(w.t, w.id.consumerA, {
      websiteUrl: 'https://example.com/b1',
    });
    const two = await insertFeedback(w.t, w.id.consumerB, {
      websiteUrl: 'https://example.com/b2',
    });
    await rows(
      w,
      `update public.feedback set status = 'read' where id = any($1)`,
      [[one.id, two.id]],
    );
    const r = await member.client.rpc('update_feedback_statuses', {
      p_feedback_ids: [one.id, two.id, w.feedback.a],
      p_new_status: 'completed',
    });
    allowed(r);
    expect(r.data).toEqual({ moved: 3, skipped: [] });
    const n = await rows<{ user_id: string }>(
      w,
      `select user_id from public.notifications where kind = 'feedback_status' and new_status = 'completed'
         and feedback_id = any($1)`,
      [[one.id, two.id]],
    );
    expect(n.map((x) => x.user_id).sort()).toEqual(
      [w.id.consumerA, w.id.consumerB].sort(),
    );
    for (const [user, fb] of [
      [w.id.consumerA, one.id],
      [w.id.consumerB, two.id],
    ]) {
      const xp = await rows(
        w,
        `select 1 from public.user_points where user_id = $1 and feedback_id = $2 and action_type = 'feedback_completed'`,
        [user, fb],
      );
      expect(xp).toHaveLength(1);
    }
    // Another company's bulk move finds nothing of X's to move.
    const foreign = await w.as.companyY.rpc('update_feedback_statuses', {
      p_feedback_ids: [one.id],
      p_new_status: 'rejected',
    });
    allowed(foreign);
    expect(foreign.data).toEqual({
      moved: 0,
      skipped: [{ id: one.id, status: null, reason: 'not_found' }],
    });
    const [kept] = await rows<{ status: string }>(
      w,
      'select status from public.feedback where id = $1',
      [one.id],
    );
    expect(kept!.status).toBe('completed');
  });

  it('a bulk move says which it skipped and why (#40 item 6)', async () => {
    const pending = await insertFeedback(w.t, w.id.consumerA, {
      websiteUrl: 'https://example.com/b3',
    });
    const done = await insertFeedback(w.t, w.id.consumerB, {
      websiteUrl: 'https://example.com/b4',
    });
    const moving = await insertFeedback(w.t, w.id.consumerB, {
      websiteUrl: 'https://example.com/b5',
    });
    await rows(
      w,
      `update public.feedback set status = 'read' where id = any($1)`,
      [[done.id, moving.id]],
    );
    await rows(
      w,
      `update public.feedback set status = 'completed' where id = $1`,
      [done.id],
    );
    // Company Y's feedback is not on X's verified domains.
    const other = await insertFeedback(w.t, w.id.consumerA, {
      websiteUrl: 'https://example.org/b6',
    });
    const r = await member.client.rpc('update_feedback_statuses', {
      p_feedback_ids: [pending.id, done.id, moving.id, other.id],
      p_new_status: 'completed',
    });
    allowed(r);
    expect(r.data).toEqual({
      moved: 1,
      skipped: [
        { id: pending.id, status: 'pending', reason: 'not_opened' },
        { id: done.id, status: 'completed', reason: 'same_status' },
        { id: other.id, status: null, reason: 'not_found' },
      ],
    });
    const [still] = await rows<{ status: string }>(
      w,
      'select status from public.feedback where id = $1',
      [other.id],
    );
    expect(still!.status).toBe('pending');
  });
});

describe('inbox (get_company_inbox)', () => {
  const inbox = (
    args: Record<string, unknown>,
    who: 'companyX' | 'companyY' = 'companyX',
  ) => w.as[who].rpc('get_company_inbox', { p_page_size: 100, ...args });
  type Row = {
    id: string;
    total_votes: number;
    assignee_id: string | null;
    team_priority: string | null;
    unanswered: boolean;
    total_count: number;
  };

  it('filters by assignee: me, nobody, a member', async () => {
    const mine = await member.client.rpc('get_company_inbox', {
      p_assignee: 'me',
      p_page_size: 100,
    });
    allowed(mine);
    expect((mine.data as Row[]).map((r) => r.id)).toEqual([w.feedback.a]);
    const byId = await inbox({ p_assignee: member.id });
    expect((byId.data as Row[]).map((r) => r.id)).toEqual([w.feedback.a]);
    const none = await inbox({ p_assignee: 'none' });
    expect((none.data as Row[]).every((r) => r.assignee_id === null)).toBe(
      true,
    );
    expect((none.data as Row[]).length).toBeGreaterThan(0);
  });

  it('"unanswered": no team message yet, or the author spoke last', async () => {
    const fb = await insertFeedback(w.t, w.id.consumerB, {
      websiteUrl: 'https://example.com/unanswered',
    });
    // The allowance used up above starts again (as the demo reset does).
    await rows(
      w,
      'update public.company_subscriptions set views_reset_at = now() where company_id = $1',
      [w.company.X],
    );
    const has = async () =>
      ((await inbox({ p_unanswered: true })).data as Row[]).some(
        (r) => r.id === fb.id,
      );
    expect(await has()).toBe(true);
    allowed(await ask('companyX', fb.id, 'Anything else?'));
    expect(await has()).toBe(false);
    allowed(
      await answer('consumerB', fb.id, w.company.X, 'Yes, one more thing.'),
    );
    expect(await has()).toBe(true);
  });

  it('sorts by votes and by priority (team first, AI only where shown)', async () => {
    const hot = await insertFeedback(w.t, w.id.consumerB, {
      websiteUrl: 'https://example.com/hot',
    });
    await rows(
      w,
      'update public.feedback set total_votes = 999, upvotes = 999 where id = $1',
      [hot.id],
    );
    const byVotes = (await inbox({ p_sort: 'votes' })).data as Row[];
    expect(byVotes[0]!.id).toBe(hot.id);
    // An unopened feedback with a high AI priority does not jump the queue
    // on a plan with a view allowance; the team's own priority does.
    const secret = await insertFeedback(w.t, w.id.consumerB, {
      websiteUrl: 'https://example.com/secret',
    });
    await rows(
      w,
      `update public.feedback set priority = 'high' where id = $1`,
      [secret.id],
    );
    allowed(
      await w.as.companyX.rpc('set_feedback_priority', {
        p_feedback_id: hot.id,
        p_priority: 'high',
      }),
    );
    const byPriority = (await inbox({ p_sort: 'priority' })).data as Row[];
    expect(byPriority[0]!.id).toBe(hot.id);
    expect(byPriority[0]!.team_priority).toBe('high');
    const ranks = byPriority.map((r) => r.id);
    expect(ranks.indexOf(secret.id)).toBeGreaterThan(
      ranks.indexOf(w.feedback.a),
    );
  });

  it("a member's filter reaches only their own company's rows (private.company_inbox)", async () => {
    // Y filtering by X's member (or X's owner) gets nothing of X's.
    for (const sort of ['newest', 'votes', 'priority']) {
      const y = await inbox(
        { p_assignee: member.id, p_sort: sort },
        'companyY',
      );
      allowed(y);
      expect(y.data).toEqual([]);
    }
    const yAll = await inbox({ p_sort: 'votes' }, 'companyY');
    expect(JSON.stringify(yAll.data)).not.toContain(w.feedback.a);
    // The rows behind the inbox are no API's: not through REST as any role.
    for (const who of ['companyX', 'consumerA', 'anon'] as const) {
      const direct = await w.as[who]
        .schema('private' as 'public')
        .from('company_inbox' as 'feedback')
        .select('*');
      expect(direct.data ?? []).toEqual([]);
      expect(direct.error).not.toBeNull();
    }
  });

  it("only the company's own feedback, no author identity, bad input refused", async () => {
    const x = await inbox({});
    allowed(x);
    expect(JSON.stringify(x.data)).not.toContain(w.feedback.b);
    expect(JSON.stringify(x.data)).not.toContain(w.id.consumerA);
    const y = await inbox({}, 'companyY');
    expect(JSON.stringify(y.data)).not.toContain(w.feedback.a);
    forbidden(await w.as.consumerA.rpc('get_company_inbox', {}));
    denied(await inbox({ p_sort: 'random' }), {
      code: '22023',
      message: /Unknown sort/,
    });
    denied(await inbox({ p_assignee: 'x' }), {
      code: '22023',
      message: /assignee/,
    });
  });
});

describe('author e-mail preference and queue (#21)', () => {
  it('only its owner reads or changes email_on_company_message; companies and others never', async () => {
    const own = await w.as.consumerA
      .from('profiles')
      .update({ email_on_company_message: true })
      .eq('id', w.id.consumerA)
      .select('email_on_company_message');
    allowed(own, 1);
    expect(own.data).toEqual([{ email_on_company_message: true }]);
    // Another consumer and the company see no row and change nothing.
    for (const who of ['consumerB', 'companyX'] as const) {
      const read = await w.as[who]
        .from('profiles')
        .select('email_on_company_message')
        .eq('id', w.id.consumerA);
      expect(read.data).toEqual([]);
      const write = await w.as[who]
        .from('profiles')
        .update({ email_on_company_message: false })
        .eq('id', w.id.consumerA)
        .select('id');
      expect(write.data ?? []).toEqual([]);
    }
    forbidden(
      await w.as.anon
        .from('profiles')
        .update({ email_on_company_message: false })
        .eq('id', w.id.consumerA),
    );
    expect(
      await rows(
        w,
        `select email_on_company_message from public.profiles where id = $1`,
        [w.id.consumerA],
      ),
    ).toEqual([{ email_on_company_message: true }]);
    // Nothing a company reads carries it: its thread of A's feedback.
    const thread = await w.as.companyX.rpc('get_company_thread', {
      p_feedback_id: w.feedback.a,
    });
    expect(JSON.stringify(thread.data)).not.toContain('email_on');
  });

  it('the queue and what an e-mail says are the server’s only', async () => {
    for (const who of ['consumerA', 'companyX'] as const) {
      forbidden(
        await w.as[who].rpc('get_company_message_email', { p_job_id: 1 }),
      );
      forbidden(
        await w.as[who].rpc('claim_background_jobs', {
          p_queue: 'company_message_emails',
        }),
      );
      // The private schema is not exposed through the API at all.
      const queue = await w.as[who]
        .schema('private')
        .from('company_message_emails')
        .select('*');
      expect(queue.error).not.toBeNull();
      expect(queue.data).toBeNull();
    }
  });
});
