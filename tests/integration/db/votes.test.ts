import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeReputation } from '../../../shared/domain/reputation.ts';
import { DUPLICATE_VOTE_ERROR_CODE } from '../../../shared/domain/votes.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  done,
  insertFeedback,
  list,
  ok,
  one,
  statsOf,
  type TestUser,
} from './support.ts';

// Votes: once per user, never on one's own feedback, only on feedback the
// voter can see (DECISIONS.md "Votes"); totals and reputation follow.
let t: TestBackend;
let author: TestUser;
let voter: TestUser;
beforeAll(async () => {
  t = await startTestBackend();
  author = await createUser(t);
  voter = await createUser(t);
});
afterAll(() => t?.stop());

const vote = (user: TestUser, feedbackId: string, voteType = 'upvote') =>
  user.client
    .from('feedback_votes')
    .insert({ feedback_id: feedbackId, vote_type: voteType });

describe('votes', () => {
  it('count once per user; a second vote is a duplicate (23505)', async () => {
    const { id } = await insertFeedback(t, author.id);
    done(await vote(voter, id));
    const again = await vote(voter, id, 'downvote');
    expect(again.error?.code).toBe(DUPLICATE_VOTE_ERROR_CODE);
    const row = await one(
      t,
      'select upvotes, downvotes, total_votes from public.feedback where id = $1',
      [id],
    );
    expect(row).toEqual({ upvotes: 1, downvotes: 0, total_votes: 1 });
  });

  it('are refused on one’s own feedback', async () => {
    const { id } = await insertFeedback(t, author.id);
    const own = await vote(author, id);
    expect(own.error?.message).toBe('You cannot vote on your own feedback');
  });

  it('are refused on feedback the voter cannot see', async () => {
    const hidden = await insertFeedback(t, author.id, { websiteUrl: null });
    expect((await vote(voter, hidden.id)).error?.message).toBe(
      'You cannot vote on this feedback.',
    );
    const rejected = await insertFeedback(t, author.id, {
      websiteUrl: 'https://vote-company.test',
    });
    await t.ctx.db.query(
      `update public.feedback set status = 'read' where id = $1`,
      [rejected.id],
    );
    await t.ctx.db.query(
      `update public.feedback set status = 'rejected' where id = $1`,
      [rejected.id],
    );
    expect((await vote(voter, rejected.id)).error?.message).toBe(
      'You cannot vote on this feedback.',
    );
    const company = await createCompany(t, { domain: 'vote-company.test' });
    done(await vote(company, rejected.id));
    expect(
      (await vote(voter, '00000000-0000-4000-8000-00000000abcd')).error
        ?.message,
    ).toBe('You cannot vote on this feedback.');
  });

  it('refuse an unknown vote type and voting as someone else', async () => {
    const { id } = await insertFeedback(t, author.id);
    expect((await vote(voter, id, 'meh')).error?.message).toBe(
      'Unknown vote type "meh".',
    );
    const spoof = await voter.client
      .from('feedback_votes')
      .insert({ feedback_id: id, user_id: author.id, vote_type: 'upvote' });
    expect(spoof.error?.message).toBe('You can only vote as yourself.');
  });

  it('are visible to the voter only', async () => {
    const { id } = await insertFeedback(t, author.id);
    done(await vote(voter, id));
    expect(
      ok(
        await voter.client
          .from('feedback_votes')
          .select('feedback_id')
          .eq('feedback_id', id),
      ),
    ).toEqual([{ feedback_id: id }]);
    expect(
      ok(
        await author.client
          .from('feedback_votes')
          .select('id')
          .eq('feedback_id', id),
      ),
    ).toEqual([]);
  });

  it('recompute the author’s reputation like computeReputation', async () => {
    const fresh = await createUser(t);
    const { id } = await insertFeedback(t, fresh.id);
    done(await vote(voter, id, 'upvote'));
    const downvoter = await createUser(t);
    done(await vote(downvoter, id, 'downvote'));
    const stats = await statsOf(t, fresh.id);
    expect(Number(stats.reputation)).toBe(
      computeReputation({
        feedbackCount: 1,
        averageQualityScore: 3,
        upvotes: 1,
        downvotes: 1,
        xp: stats.total_points,
      }),
    );
  });
});

describe('similar feedback', () => {
  it('suggests anonymised feedback for the same host whose title matches what is typed', async () => {
    await insertFeedback(t, author.id, {
      websiteUrl: 'https://similar.test/a',
      title: 'Checkout button broken',
      description: 'The checkout button does nothing.',
    });
    await insertFeedback(t, author.id, {
      websiteUrl: 'https://www.similar.test/b',
      title: 'Nice colours',
      description: 'Love the new palette.',
    });
    await insertFeedback(t, author.id, {
      websiteUrl: 'https://other.similar.test/',
      title: 'Checkout button broken too',
    });
    const rows = list(
      await voter.client.rpc('get_similar_feedback', {
        p_website_url: 'similar.test/checkout',
        p_text: 'checkout button broken',
      }),
    );
    // Unrelated feedback of the site is not listed (M3: no harvesting), and
    // others' text never comes back, only their title.
    expect(rows.map((r) => r.title)).toEqual(['Checkout button broken']);
    for (const row of rows) {
      expect(row).not.toHaveProperty('user_id');
      expect(row.is_own).toBe(false);
      expect(row.excerpt).toBeNull();
    }
    const bad = await voter.client.rpc('get_similar_feedback', {
      p_website_url: 'not a url',
    });
    expect(bad.error?.message).toBe('Please enter a valid website URL.');
  });
});
