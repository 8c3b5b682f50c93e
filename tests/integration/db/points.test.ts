import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAILY_FEEDBACK_XP_CAP,
  FEEDBACK_COMPLETED_POINTS,
  FIRST_FEEDBACK_BONUS_POINTS,
  LINKEDIN_VERIFIED_POINTS,
  PROFILE_COMPLETED_POINTS,
  REFERRAL_POINTS,
  feedbackPoints,
} from '../../../shared/domain/points.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  done,
  insertFeedback,
  ledgerOf,
  ok,
  one,
  query,
  serviceClient,
  statsOf,
  uploadMedia,
  utcDay,
  realFeedback,
} from './support.ts';

// Exact XP per action (DECISIONS.md "Points, levels, badges, reputation").
let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(() => t?.stop());

const completeProfile = {
  age_range: '30-34',
  city: 'Lisbon, Portugal',
  languages: ['English'],
  devices: ['desktop'],
  gender: 'female',
  job_title: 'QA Engineer',
  seniority: 'Senior',
  tech_knowledge: 7,
  topics: ['Technology'],
  hobbies: ['Reading'],
};

describe('feedback XP', () => {
  it('gives 5 + 10 for the first feedback, then 5, 6 and 7 by attachments', async () => {
    const user = await createUser(t);
    const submit = (extra: Record<string, string>) =>
      user.client
        .from('feedback')
        .insert({
          title: 'Broken link',
          description: 'The footer link is broken.',
          company_name: 'Example',
          website_url: 'https://example.com',
          ...extra,
        })
        .select('points_awarded')
        .single();

    expect(ok(await submit({})).points_awarded).toBe(
      feedbackPoints({ hasScreenshot: false, hasAudio: false }) +
        FIRST_FEEDBACK_BONUS_POINTS,
    );
    expect(ok(await submit({})).points_awarded).toBe(5);
    expect(
      ok(
        await submit({
          screenshot_url: await uploadMedia(user, 'screenshots'),
        }),
      ).points_awarded,
    ).toBe(6);
    expect(
      ok(
        await submit({
          screenshot_url: await uploadMedia(user, 'screenshots'),
          audio_url: await uploadMedia(user, 'audio'),
        }),
      ).points_awarded,
    ).toBe(7);

    expect(await ledgerOf(t, user.id)).toEqual([
      ['feedback_submitted', 5],
      ['first_feedback', 10],
      ['feedback_submitted', 5],
      ['feedback_submitted', 6],
      ['feedback_submitted', 7],
    ]);
    expect((await statsOf(t, user.id)).total_points).toBe(33);
  });

  it('records the first-feedback bonus on the feedback; the ledger takes it from there', async () => {
    const user = await createUser(t);
    const row = {
      title: 'Broken link',
      description: 'The footer link is broken.',
      company_name: 'Example',
      website_url: 'https://example.com',
    };
    const submit = () =>
      user.client
        .from('feedback')
        .insert(row)
        .select('id, points_awarded, first_feedback')
        .single();

    const first = ok(await submit());
    const second = ok(await submit());
    expect([first.first_feedback, second.first_feedback]).toEqual([
      true,
      false,
    ]);
    // Server-owned: a client cannot claim the bonus.
    const claim = await user.client
      .from('feedback')
      .insert({ ...row, first_feedback: true });
    expect(claim.error?.code).toBe('42501');
    // Nor can an operator's insert: the trigger decides.
    const [imported] = await query<{ first_feedback: boolean }>(
      t,
      `insert into public.feedback (user_id, title, description, company_name, website_url, first_feedback)
       values ($1, 'Imported', 'An imported feedback.', 'Example', 'https://example.com', true)
       returning first_feedback`,
      [user.id],
    );
    expect(imported?.first_feedback).toBe(false);

    const bonus = await query<{ feedback_id: string; points: number }>(
      t,
      `select feedback_id, points from public.user_points
        where user_id = $1 and action_type = 'first_feedback'`,
      [user.id],
    );
    expect(bonus).toEqual([
      { feedback_id: first.id, points: FIRST_FEEDBACK_BONUS_POINTS },
    ]);
  });

  it('stops at 20 feedback per UTC day; the 21st is accepted with 0 XP', async () => {
    const user = await createUser(t);
    const points: number[] = [];
    for (let i = 0; i < DAILY_FEEDBACK_XP_CAP + 2; i++) {
      const { data, error } = await user.client
        .from('feedback')
        .insert({
          title: `Feedback ${i}`,
          description: 'Same page, another detail.',
          company_name: 'Example',
        })
        .select('points_awarded')
        .single();
      expect(error).toBeNull();
      points.push(data?.points_awarded ?? -1);
    }
    expect(points.slice(0, 20)).toEqual([15, ...Array<number>(19).fill(5)]);
    expect(points.slice(20)).toEqual([0, 0]);
    const stats = await statsOf(t, user.id);
    expect(stats.feedback_count).toBe(22);
    expect(stats.total_points).toBe(15 + 19 * 5);
  });

  it('counts the cap per UTC calendar day, across midnight', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 20; i++) {
      await insertFeedback(t, user.id, { createdAt: utcDay(-3, '23:59:58') });
    }
    const late = await insertFeedback(t, user.id, {
      createdAt: utcDay(-3, '23:59:59'),
    });
    const early = await insertFeedback(t, user.id, {
      createdAt: utcDay(-2, '00:00:00'),
    });
    expect(late.points_awarded).toBe(0);
    expect(early.points_awarded).toBe(5);
  });

  it('reverses the XP of a feedback the AI step flags as spam, once', async () => {
    const user = await createUser(t);
    const first = await insertFeedback(t, user.id);
    const service = serviceClient(t);
    for (let i = 0; i < 2; i++) {
      ok(
        await service.rpc('apply_feedback_analysis', {
          p_feedback_id: first.id,
          p_analysis: { is_spam: true, sentiment: 'neutral' },
        }),
      );
    }
    expect(await ledgerOf(t, user.id)).toEqual([
      ['feedback_submitted', 5],
      ['first_feedback', 10],
      ['spam_reversal', -15],
    ]);
    expect((await statsOf(t, user.id)).total_points).toBe(0);
  });
});

describe('profile XP', () => {
  it('awards +30 once when a save completes the profile, never again', async () => {
    const user = await createUser(t);
    const save = (fields: Record<string, unknown>) =>
      user.client.from('profiles').upsert({ id: user.id, ...fields });

    done(await save({ age_range: '30-34', city: 'Porto' }));
    expect(await ledgerOf(t, user.id)).toEqual([]);

    done(await save(completeProfile));
    done(await save(completeProfile));
    done(await save({ ...completeProfile, hobbies: [] }));
    done(await save(completeProfile));

    expect(await ledgerOf(t, user.id)).toEqual([
      ['profile_completed', PROFILE_COMPLETED_POINTS],
    ]);
    const check = ok(await user.client.rpc('check_profile_completion'));
    expect(check).toEqual([
      {
        general: true,
        job: true,
        interests: true,
        complete: true,
        xp_awarded: false,
      },
    ]);
  });

  it('treats a job title of just "Other" as missing', async () => {
    const user = await createUser(t);
    done(
      await user.client
        .from('profiles')
        .update({ ...completeProfile, job_title: 'Other' })
        .eq('id', user.id),
    );
    const [check] = ok(await user.client.rpc('check_profile_completion'));
    expect(check).toMatchObject({ job: false, complete: false });
    expect(await ledgerOf(t, user.id)).toEqual([]);
  });
});

describe('LinkedIn XP', () => {
  it('awards +30 once through the server-only function', async () => {
    const user = await createUser(t);
    const service = serviceClient(t);
    expect(
      ok(await service.rpc('mark_linkedin_verified', { p_user_id: user.id })),
    ).toBe(true);
    expect(
      ok(await service.rpc('mark_linkedin_verified', { p_user_id: user.id })),
    ).toBe(false);
    expect(await ledgerOf(t, user.id)).toEqual([
      ['linkedin_verified', LINKEDIN_VERIFIED_POINTS],
    ]);
    const profile = ok(
      await user.client
        .from('profiles')
        .select('verified_linkedin')
        .eq('id', user.id)
        .single(),
    );
    expect(profile.verified_linkedin).toBe(true);
  });

  it('cannot be set by the user', async () => {
    const user = await createUser(t);
    const { error } = await user.client
      .from('profiles')
      .update({ verified_linkedin: true })
      .eq('id', user.id);
    expect(error?.code).toBe('42501');
    const { error: rpcError } = await user.client.rpc(
      'mark_linkedin_verified',
      { p_user_id: user.id },
    );
    expect(rpcError).not.toBeNull();
    expect(await ledgerOf(t, user.id)).toEqual([]);
  });
});

describe('referral XP', () => {
  const codeOf = async (userId: string) =>
    (
      await one<{ referral_code: string }>(
        t,
        'select referral_code from public.profiles where id = $1',
        [userId],
      )
    ).referral_code;

  // Security review M6: the XP waits for the invitee's confirmed e-mail
  // (createUser's users are confirmed) and first real feedback; it used to
  // be paid when the code was processed.
  it('gives 30 to both sides once the invitee sent a first real feedback, once per invitee', async () => {
    const inviter = await createUser(t);
    const invitee = await createUser(t);
    const code = await codeOf(inviter.id);
    const first = ok(
      await invitee.client.rpc('process_referral_signup', {
        p_invitee_id: invitee.id,
        p_referral_code: code.toLowerCase(),
      }),
    );
    expect(first).toEqual([
      expect.objectContaining({ status: 'pending', points_awarded: 0 }),
    ]);
    expect(await ledgerOf(t, inviter.id)).toEqual([]);
    await realFeedback(t, invitee.id);
    const again = ok(
      await invitee.client.rpc('process_referral_signup', {
        p_referral_code: code,
      }),
    );
    expect(again).toEqual([
      expect.objectContaining({ status: 'completed', points_awarded: 0 }),
    ]);
    expect(await ledgerOf(t, invitee.id)).toEqual([
      ['feedback_submitted', 5],
      ['first_feedback', 10],
      ['referral_bonus', REFERRAL_POINTS],
    ]);
    expect(await ledgerOf(t, inviter.id)).toEqual([
      ['referral_completed', REFERRAL_POINTS],
    ]);

    const listed = ok(await inviter.client.rpc('get_my_referrals'));
    expect(listed).toEqual([
      expect.objectContaining({
        invitee_id: invitee.id,
        status: 'completed',
        invitee_profile: {
          nickname: expect.any(String) as string,
          email: invitee.email,
        },
      }),
    ]);
  });

  it('records a self-referral as invalid with no XP', async () => {
    const user = await createUser(t);
    const result = ok(
      await user.client.rpc('process_referral_signup', {
        p_referral_code: await codeOf(user.id),
      }),
    );
    expect(result).toEqual([
      expect.objectContaining({ status: 'invalid', points_awarded: 0 }),
    ]);
    expect(await ledgerOf(t, user.id)).toEqual([]);
  });

  it('records a mutual referral as invalid', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    done(
      await b.client.rpc('process_referral_signup', {
        p_referral_code: await codeOf(a.id),
      }),
    );
    const result = ok(
      await a.client.rpc('process_referral_signup', {
        p_referral_code: await codeOf(b.id),
      }),
    );
    expect(result[0]?.status).toBe('invalid');
    await realFeedback(t, a.id);
    await realFeedback(t, b.id);
    expect(await ledgerOf(t, a.id)).toEqual([
      ['feedback_submitted', 5],
      ['first_feedback', 10],
      ['referral_completed', REFERRAL_POINTS],
    ]);
  });

  it('refuses an unknown code and another invitee id, storing nothing', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const unknown = await user.client.rpc('process_referral_signup', {
      p_referral_code: 'NOPE1234',
    });
    expect(unknown.error?.message).toBe('This referral code does not exist.');
    const foreign = await user.client.rpc('process_referral_signup', {
      p_invitee_id: other.id,
      p_referral_code: await codeOf(other.id),
    });
    expect(foreign.error?.code).toBe('42501');
    expect(
      await query(t, 'select 1 from public.referrals where invitee_id = $1', [
        user.id,
      ]),
    ).toEqual([]);
  });

  it('shows a sign-up with a code in its metadata as pending until processed', async () => {
    const inviter = await createUser(t);
    const code = await codeOf(inviter.id);
    const invitee = await createUser(t, { metadata: { referral_code: code } });
    const pending = ok(
      await inviter.client.from('referrals').select('status, invitee_id'),
    );
    expect(pending).toEqual([{ status: 'pending', invitee_id: invitee.id }]);
    const result = ok(await invitee.client.rpc('process_referral_signup'));
    expect(result[0]?.status).toBe('pending');
    await realFeedback(t, invitee.id);
    const after = ok(await invitee.client.rpc('process_referral_signup'));
    expect(after[0]?.status).toBe('completed');
  });
});

describe('company verdict XP', () => {
  it('gives the author +10 once when a company completes their feedback', async () => {
    const company = await createCompany(t, { domain: 'verdict.example' });
    const author = await createUser(t);
    const feedback = await insertFeedback(t, author.id, {
      websiteUrl: 'https://verdict.example/app',
    });
    const move = (status: string) =>
      company.client.rpc('update_feedback_status', {
        feedback_uuid: feedback.id,
        new_status: status,
      });
    for (const status of ['read', 'completed', 'in_progress', 'completed']) {
      expect(ok(await move(status))).toBe(status);
    }
    const completions = (await ledgerOf(t, author.id)).filter(
      ([action]) => action === 'feedback_completed',
    );
    expect(completions).toEqual([
      ['feedback_completed', FEEDBACK_COMPLETED_POINTS],
    ]);
  });
});

describe('award_points', () => {
  it('is server-only and checks the rule amounts', async () => {
    const user = await createUser(t);
    const service = serviceClient(t);
    const denied = await user.client.rpc('award_points', {
      p_user_id: user.id,
      p_action_type: 'profile_completed',
      p_points: 30,
      p_feedback_id: null,
    });
    expect(denied.error).not.toBeNull();
    const wrong = await service.rpc('award_points', {
      p_user_id: user.id,
      p_action_type: 'profile_completed',
      p_points: 300,
    });
    expect(wrong.error?.message).toBe('profile_completed is worth 30 points.');
    expect(
      ok(
        await service.rpc('award_points', {
          p_user_id: user.id,
          p_action_type: 'profile_completed',
          p_points: 30,
        }),
      ),
    ).toBe(true);
    expect((await statsOf(t, user.id)).total_points).toBe(30);
  });

  it('keeps the level in step with the total', async () => {
    const user = await createUser(t);
    const service = serviceClient(t);
    ok(await service.rpc('mark_linkedin_verified', { p_user_id: user.id }));
    expect((await statsOf(t, user.id)).current_level).toBe(0);
    ok(
      await service.rpc('award_points', {
        p_user_id: user.id,
        p_action_type: 'profile_completed',
        p_points: 30,
      }),
    );
    expect((await statsOf(t, user.id)).current_level).toBe(1);
  });
});
