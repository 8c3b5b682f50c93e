/**
 * Where a newly processed feedback goes among a company's topics (#22),
 * given the candidates the database found by shared content terms:
 * - into the confirmed topic it matches best (as a suggested item);
 * - else into the open proposal most of its matches are in, or a new
 *   proposal with the matches that are in none ("these N look like the same
 *   request");
 * - else nowhere.
 * Pure: scoring is feedbackSimilarity, the database only stores the result.
 */

import { readFeedback, similarityOf, SIMILAR_THRESHOLD } from './similarity.ts';

/**
 * The text a feedback is compared by: its title and the author's own words.
 * topic_candidates builds its candidates' texts the same way in SQL.
 */
export const topicText = (
  title: string | null | undefined,
  rawDescription: string | null | undefined,
): string => `${title ?? ''}\n${rawDescription ?? ''}`;

/** How many candidates the database hands over for reranking. */
export const TOPIC_CANDIDATES = 50;
export interface TopicCandidate {
  feedbackId: string;
  text: string;
  /** The topic the candidate is in, and how (null: none). */
  topicId: string | null;
  topicState: 'suggested' | 'confirmed' | null;
  /** Its open proposal (null: none or dismissed). */
  proposalId: string | null;
  /** In a proposal, open or dismissed: never pulled into another one. */
  clustered: boolean;
}

export interface Match {
  feedbackId: string;
  score: number;
}

export type Placement =
  | { kind: 'topic'; topicId: string; score: number }
  | { kind: 'proposal'; proposalId: string | null; members: Match[] }
  | { kind: 'none' };

interface Group {
  id: string;
  n: number;
  best: number;
}

/** The group with the most matches, then the best score, then the id. */
function bestGroup(
  scored: readonly (TopicCandidate & { score: number })[],
  key: (c: TopicCandidate) => string | null,
): Group | null {
  const groups = new Map<string, Group>();
  for (const c of scored) {
    const id = key(c);
    if (!id) continue;
    const g = groups.get(id) ?? { id, n: 0, best: 0 };
    g.n++;
    g.best = Math.max(g.best, c.score);
    groups.set(id, g);
  }
  let best: Group | null = null;
  for (const g of groups.values())
    if (
      !best ||
      g.n > best.n ||
      (g.n === best.n && g.best > best.best) ||
      (g.n === best.n && g.best === best.best && g.id < best.id)
    )
      best = g;
  return best;
}

export function placeFeedback(
  text: string,
  candidates: readonly TopicCandidate[],
  threshold = SIMILAR_THRESHOLD,
): Placement {
  // The new text is read once; each candidate once.
  const mine = readFeedback(text);
  const scored = candidates
    .map((c) => ({ ...c, score: similarityOf(mine, readFeedback(c.text)) }))
    .filter((c) => c.score >= threshold);
  const topic = bestGroup(scored, (c) =>
    c.topicState === 'confirmed' ? c.topicId : null,
  );
  if (topic)
    return {
      kind: 'topic',
      topicId: topic.id,
      score: Math.round(topic.best * 1000) / 1000,
    };
  const free = scored.filter((c) => c.topicId === null);
  const loose: Match[] = free
    .filter((c) => !c.clustered)
    .map((c) => ({ feedbackId: c.feedbackId, score: c.score }));
  const proposal = bestGroup(free, (c) => c.proposalId);
  if (proposal)
    return { kind: 'proposal', proposalId: proposal.id, members: loose };
  if (loose.length === 0) return { kind: 'none' };
  return { kind: 'proposal', proposalId: null, members: loose };
}

/**
 * With an LLM configured (#22 "an LLM when configured"), it judges the
 * candidates the offline similarity finds plausible: a score of at least
 * JUDGE_FLOOR (well below SIMILAR_THRESHOLD, so the LLM can also accept
 * pairs the word-based score misses), best first, at most JUDGE_SHORTLIST.
 * Those it calls the same request are then placed as matches.
 */
export const JUDGE_FLOOR = 0.2;
export const JUDGE_SHORTLIST = 10;

export function shortlistForJudge(
  text: string,
  candidates: readonly TopicCandidate[],
): TopicCandidate[] {
  const mine = readFeedback(text);
  return candidates
    .map((c) => ({ c, score: similarityOf(mine, readFeedback(c.text)) }))
    .filter((x) => x.score >= JUDGE_FLOOR)
    .sort((a, b) => b.score - a.score)
    .slice(0, JUDGE_SHORTLIST)
    .map((x) => x.c);
}
