import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { storedTerms } from '../../../scripts/seed-terms.ts';
import { insertFeedback, query } from './support.ts';

// #22 on the demo data: the seed never went through the AI job, so it
// carries its feedback's content terms (supabase/seed.sql's seed_text_terms,
// from scripts/seed-terms.ts). A visitor's new copy of the
// eleven "pricing table" requests then finds them: once they are a
// confirmed topic, the new one joins it as suggested. Without the terms it
// would find no candidate at all.
const TITLE = 'Make the pricing table easier to compare';
let t: TestBackend;

beforeAll(async () => {
  t = await startTestBackend({ seed: true });
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

describe('topics on the demo seed', () => {
  it('stores for every seeded feedback on a verified domain exactly the terms the AI job would', async () => {
    const rows = await query<{ text: string; terms: string[] }>(
      t,
      `select f.title || E'\n' || f.raw_description as text,
              array(select x.term from private.feedback_topic_terms x
                     where x.feedback_id = f.id and x.company_id = i.company_id
                     order by x.term) as terms
         from private.company_inbox i join public.feedback f on f.id = i.feedback_id`,
    );
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) {
      const want = storedTerms(r.text).sort();
      expect(r.terms, r.text).toEqual(want);
    }
  });

  it('stores the seeded feedback terms, so new feedback joins a confirmed demo topic', async () => {
    const [company] = await query<{ id: string }>(
      t,
      `select id from public.companies where email = 'company@example.com'`,
    );
    const eleven = await query<{ id: string }>(
      t,
      `select f.id from public.feedback f
         join private.company_inbox i on i.feedback_id = f.id and i.company_id = $1
        where f.title = $2`,
      [company!.id, TITLE],
    );
    expect(eleven).toHaveLength(11);
    const [terms] = await query<{ n: number }>(
      t,
      `select count(distinct feedback_id)::int as n from private.feedback_topic_terms
        where company_id = $1 and feedback_id = any($2::uuid[])`,
      [company!.id, eleven.map((r) => r.id)],
    );
    expect(terms!.n).toBe(11);

    // A member confirmed the eleven as one topic.
    const [topic] = await query<{ id: string }>(
      t,
      `insert into public.feedback_topics (company_id, title) values ($1, $2) returning id`,
      [company!.id, TITLE],
    );
    await query(
      t,
      `insert into public.feedback_topic_items (company_id, feedback_id, topic_id, state)
       select $1, id, $2, 'confirmed' from unnest($3::uuid[]) as id`,
      [company!.id, topic!.id, eleven.map((r) => r.id)],
    );

    const [casey] = await query<{ id: string }>(
      t,
      `select id from auth.users where email = 'consumer@example.com'`,
    );
    const fresh = await insertFeedback(t, casey!.id, {
      title: 'Pricing table is hard to compare',
      description:
        'The plans are in separate cards and I scroll back and forth to compare them; one comparison table please.',
      category: 'improvement',
      companyName: 'Example Inc.',
      websiteUrl: 'https://www.example.com/pricing',
    });
    for (let i = 0; i < 50; i++) {
      const res = await t.backend.invokeFunction('process-feedback', {
        queue: 'feedback_processing',
      });
      await res.body?.cancel();
      const [left] = await query<{ n: number }>(
        t,
        `select count(*)::int as n from private.feedback_processing_jobs where status in ('pending', 'running')`,
      );
      if (left!.n === 0) break;
    }
    const placed = await query<{ topic_id: string; state: string }>(
      t,
      `select topic_id, state from public.feedback_topic_items
        where company_id = $1 and feedback_id = $2`,
      [company!.id, fresh.id],
    );
    expect(placed).toEqual([{ topic_id: topic!.id, state: 'suggested' }]);
  }, 120_000);
});
