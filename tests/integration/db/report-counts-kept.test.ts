import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  type TestCompany,
} from './support.ts';

// #40 item 15 kept counts, and #36's cheaper upkeep of them: the topic-item
// triggers recompute every feedback of a topic only when its confirmed items
// change (they make the contributors), and otherwise only the feedback that
// moved. After each kind of change, what feedback_report_counts keeps equals
// what private.reported_by_others computes from scratch.
let t: TestBackend;
let x: TestCompany;
const ids: string[] = [];
let topic1 = '';
let topic2 = '';

/** Kept count (0 when none was ever written) and fresh count, per feedback. */
async function kept() {
  const stored = await query<{ feedback_id: string; others: number }>(
    t,
    'select feedback_id, others from public.feedback_report_counts where feedback_id = any($1)',
    [ids],
  );
  const fresh = await query<{ feedback_id: string; others: number }>(
    t,
    'select feedback_id, others from private.reported_by_others($1)',
    [ids],
  );
  const byId = new Map(stored.map((r) => [r.feedback_id, r.others]));
  return {
    kept: ids.map((id) => byId.get(id) ?? 0),
    fresh: ids.map((id) => fresh.find((r) => r.feedback_id === id)!.others),
  };
}

async function expectKept(expected: number[]) {
  const { kept: k, fresh } = await kept();
  expect(k).toEqual(fresh);
  expect(k).toEqual(expected);
}

const items = (sql: string, params: unknown[]) => query(t, sql, params);

beforeAll(async () => {
  t = await startTestBackend();
  x = await createCompany(t, { domain: 'kept-counts.test', plan: 'advanced' });
  // Four authors; the fifth feedback is the first author's second.
  const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t)));
  for (const [i, u] of [...users, users[0]!].entries()) {
    const fb = await insertFeedback(t, u.id, {
      title: `Kept count ${i}`,
      websiteUrl: `https://kept-counts.test/${i}`,
    });
    ids.push(fb.id);
  }
  const topics = await query<{ id: string }>(
    t,
    `insert into public.feedback_topics (company_id, title)
     values ($1, 'Kept one'), ($1, 'Kept two') returning id`,
    [x.companyId],
  );
  [topic1, topic2] = topics.map((r) => r.id) as [string, string];
});
afterAll(() => t?.stop());

describe('feedback_report_counts kept by the topic-item triggers', () => {
  it('follows confirmed and suggested items, confirmation, moves and removals', async () => {
    const add = (n: number, topic: string, state: string) =>
      items(
        `insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state)
         values ($1, $2, $3, $4)`,
        [x.companyId, ids[n], topic, state],
      );
    await add(0, topic1, 'confirmed');
    await add(1, topic1, 'confirmed');
    await expectKept([1, 1, 0, 0, 0]);
    // A suggestion makes no contributor: only its own count is written.
    await add(2, topic1, 'suggested');
    await expectKept([1, 1, 2, 0, 0]);
    // Confirmed, it is a third contributor for everyone in the topic.
    await items(
      `update public.feedback_topic_items set state = 'confirmed' where feedback_id = $1`,
      [ids[2]],
    );
    await expectKept([2, 2, 2, 0, 0]);
    // The first author's second feedback: the author is no other to it.
    await add(4, topic1, 'suggested');
    await expectKept([2, 2, 2, 0, 2]);
    // A suggestion moves to another topic, alone there.
    await items(
      `update public.feedback_topic_items set topic_id = $2 where feedback_id = $1`,
      [ids[4], topic2],
    );
    await expectKept([2, 2, 2, 0, 0]);
    await add(3, topic2, 'confirmed');
    await expectKept([2, 2, 2, 0, 1]);
    // A contributor leaves topic 1; a suggestion leaves topic 2.
    await items(
      `delete from public.feedback_topic_items where feedback_id = $1`,
      [ids[1]],
    );
    await expectKept([1, 0, 1, 0, 1]);
    await items(
      `delete from public.feedback_topic_items where feedback_id = $1`,
      [ids[4]],
    );
    await expectKept([1, 0, 1, 0, 0]);
    // Several rows in one statement, of both states.
    await items(
      `insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state)
       values ($1, $2, $4, 'confirmed'), ($1, $3, $4, 'suggested')`,
      [x.companyId, ids[1], ids[4], topic1],
    );
    await expectKept([2, 2, 2, 0, 2]);
  });
});
