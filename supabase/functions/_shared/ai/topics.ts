// Topic proposals (#22), run by the AI job after a feedback's analysis is
// stored, with the text the job read before analysing (feedback_ai_input;
// topicText): the database finds candidates by shared content terms
// (topic_candidates, which skips spam), placeFeedback reranks them with
// feedbackSimilarity and decides, record_topic_placement stores the
// decision: one round trip, and one more per company placed. Runs on Deno (the
// process-feedback edge function) and Node (its conformance tests).
import { looksLikePromptInjection } from '../../../../shared/domain/feedback-analysis.ts';
import { contentTerms } from '../../../../shared/domain/similarity.ts';
import {
  placeFeedback,
  shortlistForJudge,
  type Placement,
  type TopicCandidate,
} from '../../../../shared/domain/topic-placement.ts';
import { rpc, type Env } from '../jobs.ts';
import { LlmError } from './llm.ts';
import { llmConfigFrom } from './process.ts';
import { judgeSameRequest } from './topic-judge.ts';

interface CompanyCandidates {
  companyId: string;
  candidates: TopicCandidate[];
}

/**
 * Places one feedback (its topicText) in every company it is on; returns the
 * placements stored.
 */
export async function proposeTopics(
  env: Env,
  feedbackId: string,
  text: string,
): Promise<Placement[]> {
  const companies = await rpc<CompanyCandidates[]>(env, 'topic_candidates', {
    p_feedback_id: feedbackId,
    p_terms: contentTerms(text),
  });
  const stored: Placement[] = [];
  for (const { companyId, candidates } of companies ?? []) {
    const placement = await place(env, text, candidates);
    if (placement.kind === 'none') continue;
    await rpc(env, 'record_topic_placement', {
      p_feedback_id: feedbackId,
      p_company_id: companyId,
      p_placement: placement,
    });
    stored.push(placement);
  }
  return stored;
}

/**
 * The offline decision, or with an LLM configured its judgement of the
 * plausible candidates (topic-placement.ts shortlistForJudge): those it
 * calls the same request are the matches. Any LLM failure falls back to the
 * offline decision, logged as the structuring call's are.
 */
async function place(
  env: Env,
  text: string,
  candidates: TopicCandidate[],
): Promise<Placement> {
  const llm = llmConfigFrom(env);
  const shortlist = llm ? shortlistForJudge(text, candidates) : [];
  // Text that addresses the AI itself never reaches it (as for structuring).
  if (
    !llm ||
    shortlist.length === 0 ||
    [text, ...shortlist.map((c) => c.text)].some(looksLikePromptInjection)
  )
    return placeFeedback(text, candidates);
  try {
    const same = await judgeSameRequest(
      llm,
      text,
      shortlist.map((c) => ({ id: c.feedbackId, text: c.text })),
    );
    return placeFeedback(
      text,
      shortlist.filter((c) => same.has(c.feedbackId)),
      0,
    );
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    console.error(
      `[process-feedback] LLM failed to judge topic candidates (${e.reason}: ${e.message}); using the offline similarity`,
    );
    return placeFeedback(text, candidates);
  }
}

/** The job's step: a failure is logged, never undoes the stored analysis. */
export async function proposeTopicsQuietly(
  env: Env,
  feedbackId: string,
  text: string,
): Promise<void> {
  try {
    await proposeTopics(env, feedbackId, text);
  } catch (e) {
    console.error(
      `[process-feedback] topics of ${feedbackId} failed:`,
      e instanceof Error ? e.message : e,
    );
  }
}
