// #22 topics at scale, run inside `npm run bench -- db` on its data set (the
// busy company site5.test: 100,000 feedback at 1 M, half of them in 2,000
// topics, every one with its content-term postings; scripts/seed-scale.ts):
// - the topic list by each sort, through supabase-js as the dashboard calls it;
// - the proposals for a new feedback, as the AI job makes them after storing
//   its analysis (proposeTopics with the text the job read before analysing:
//   topic_candidates, the rerank with feedbackSimilarity,
//   record_topic_placement), one fresh feedback per round. The generated texts all share their terms, so every
//   term hits the 200-postings bound: the worst case of the retrieval.
import { getCompanyTopics } from '../../shared/data/topics.ts';
import type { Client } from '../../shared/data/client.ts';
import { TOPIC_SORTS } from '../../shared/domain/topics.ts';
import { topicText } from '../../shared/domain/topic-placement.ts';
import { BUSY_COMPANY } from '../../scripts/seed-scale.ts';
import { proposeTopics } from '../../supabase/functions/_shared/ai/topics.ts';
import type { BackendContext } from '../../supabase/local/context.ts';
import { measure, type MeasureOptions } from './measure.ts';
import type { BenchResult } from './types.ts';

const TOPIC_LIST_TARGET = { p95_ms: 50 };
const PROPOSAL_TARGET = { p95_ms: 20 };

export async function benchTopics(args: {
  url: string;
  ctx: BackendContext;
  client: Client;
  /** Runs fn as the busy company's owner. */
  asOwner: (fn: () => Promise<unknown>) => () => Promise<void>;
  authorId: string;
  options: MeasureOptions;
}): Promise<BenchResult[]> {
  const { ctx, client, asOwner, options } = args;
  const results: BenchResult[] = [];
  const [{ n: topics } = { n: 0 }] = (
    await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from public.feedback_topics t
         join public.companies c on c.id = t.company_id
        where c.domain = $1`,
      [`site${BUSY_COMPANY}.test`],
    )
  ).rows;
  for (const sort of TOPIC_SORTS) {
    results.push({
      ...(await measure(
        `topic list of ${topics.toLocaleString('en')} topics, by ${sort} (get_company_topics, 20 rows)`,
        asOwner(() => getCompanyTopics(client, sort, 1, 20)),
        options,
      )),
      target: TOPIC_LIST_TARGET,
    });
  }

  // One fresh feedback per round on the busy company's site.
  const rounds = (options.warmup ?? 0) + (options.iterations ?? 0) + 5;
  const fresh = (
    await ctx.db.query<{ id: string; title: string; raw_description: string }>(
      `insert into public.feedback (user_id, title, description, raw_description, category,
         company_name, website_url)
       select $1, 'Feedback ' || (900000000 + g) || ' about site${BUSY_COMPANY}.test',
              'Generated description ' || (900000000 + g), 'Generated description ' || (900000000 + g),
              'feature', 'Site', 'https://site${BUSY_COMPANY}.test/new/' || g
         from generate_series(1, $2::int) g
       returning id, title, raw_description`,
      [args.authorId, rounds],
    )
  ).rows.map((r) => ({
    id: r.id,
    text: topicText(r.title, r.raw_description),
  }));
  const env = {
    SUPABASE_URL: args.url,
    SUPABASE_SERVICE_ROLE_KEY: ctx.config.serviceRoleKey,
  };
  let next = 0;
  let placed = 0;
  const proposal = await measure(
    'topic proposals for a new feedback on the busy company (AI job step: candidates, rerank, record)',
    async () => {
      const { id, text } = fresh[next++ % fresh.length]!;
      const stored = await proposeTopics(env, id, text);
      placed += stored.length;
    },
    options,
  );
  if (placed === 0) throw new Error('no new feedback was placed in a topic');
  results.push({ ...proposal, target: PROPOSAL_TARGET });
  await ctx.db.query('delete from public.feedback where id = any($1)', [
    fresh.map((f) => f.id),
  ]);
  return results;
}
