// The demo seed's feedback never went through the AI job, which is what
// stores a feedback's content terms (topic_candidates, #22). Without them a
// new feedback finds none of the demo history as a candidate: a confirmed
// demo topic (the eleven "pricing table" requests) would never gain the
// suggestion a visitor sends. With the seed, the embedded backend stores
// the same terms the job would (contentTerms of title + the author's words)
// for every seeded feedback on a company's verified domains. Demo data only:
// on hosted Supabase every feedback goes through the job.
import { contentTerms } from '../../../shared/domain/similarity.ts';
import type { Queryable } from './types.ts';

export async function seedTopicTerms(db: Queryable): Promise<number> {
  // A migrations folder without topics (tests of the migrator) has nothing to fill.
  const { rows: ready } = await db.query<{ ok: boolean }>(
    `select to_regclass('private.feedback_topic_terms') is not null
            and to_regclass('private.company_inbox') is not null as ok`,
  );
  if (!ready[0]?.ok) return 0;
  const { rows } = await db.query<{
    company_id: string;
    feedback_id: string;
    created_at: string;
    text: string;
  }>(
    `select i.company_id, f.id as feedback_id, f.created_at,
            coalesce(f.title, '') || E'\\n' || coalesce(f.raw_description, f.description, '') as text
       from private.company_inbox i
       join public.feedback f on f.id = i.feedback_id
      where not coalesce(f.is_spam, false)`,
  );
  const companies: string[] = [];
  const feedback: string[] = [];
  const dates: string[] = [];
  const terms: string[] = [];
  for (const r of rows) {
    // As topic_candidates stores them: at most 40 distinct, 60 characters.
    const mine = [...new Set(contentTerms(r.text).map((t) => t.slice(0, 60)))]
      .filter((t) => t !== '')
      .slice(0, 40);
    for (const term of mine) {
      companies.push(r.company_id);
      feedback.push(r.feedback_id);
      dates.push(r.created_at);
      terms.push(term);
    }
  }
  if (terms.length === 0) return 0;
  await db.query(
    `insert into private.feedback_topic_terms (company_id, feedback_id, term, created_at)
     select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[])
     on conflict do nothing`,
    [companies, feedback, terms, dates],
  );
  return rows.length;
}
