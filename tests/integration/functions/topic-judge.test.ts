import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicText } from '../../../shared/domain/topic-placement.ts';
import { proposeTopics } from '../../../supabase/functions/_shared/ai/topics.ts';
import { startTestBackend, type TestBackend } from '../../support/backend.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../support/fake-openai.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  query,
  type TestCompany,
} from '../db/support.ts';

// #22 "the system proposes … using text similarity (an LLM when
// configured)": with an LLM configured, the job asks it which of the
// plausible candidates (offline score ≥ JUDGE_FLOOR) describe the same
// request, through structured outputs (JSON schema "same_request"), and
// places the feedback by that answer; any failure falls back to the
// offline similarity. The fake checks what the request carries.
let t: TestBackend;
let fake: FakeOpenAi;
let x: TestCompany;
let env: Record<string, string>;
const ids: string[] = [];

const DARK = [
  [
    'Dark mode',
    'Please add a dark mode, the white pages hurt my eyes at night.',
  ],
  ['Dark theme please', 'Would love a dark theme for the dashboard at night.'],
  ['Night mode', 'Please add a night mode, the screen is too bright at night.'],
  [
    'Dark mode request',
    'I would like a dark mode option, white hurts my eyes.',
  ],
];

beforeAll(async () => {
  t = await startTestBackend();
  fake = await startFakeOpenAi();
  x = await createCompany(t, { domain: 'judge-x.test', plan: 'advanced' });
  const author = await createUser(t);
  for (const [i, [title, description]] of DARK.entries())
    ids.push(
      (
        await insertFeedback(t, author.id, {
          title,
          description,
          websiteUrl: `https://judge-x.test/p/${i}`,
        })
      ).id,
    );
  env = {
    SUPABASE_URL: t.url,
    SUPABASE_SERVICE_ROLE_KEY: t.serviceRoleKey,
    AI_PROVIDER: 'openai-compatible',
    AI_MODEL: 'judge-model',
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: 'sk-judge',
    AI_TIMEOUT_MS: '2000',
  };
}, 120_000);
afterAll(async () => {
  await fake?.stop();
  await t?.stop();
});

/** The job's step, with the text it read before analysing (feedback_ai_input). */
const propose = async (feedbackId: string) => {
  const [row] = await query<{ title: string; raw_description: string }>(
    t,
    'select title, raw_description from public.feedback where id = $1',
    [feedbackId],
  );
  return proposeTopics(
    env,
    feedbackId,
    topicText(row!.title, row!.raw_description),
  );
};

const proposalOf = async (feedbackId: string) =>
  (
    await query<{ proposal_id: string }>(
      t,
      `select proposal_id from private.topic_proposal_members
        where company_id = $1 and feedback_id = $2`,
      [x.companyId, feedbackId],
    )
  )[0]?.proposal_id ?? null;

describe('topic proposals with an LLM configured', () => {
  it('the first feedback has no candidate: no call', async () => {
    fake.mode = { kind: 'json', content: { same: [] } };
    expect(await propose(ids[0]!)).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('asks with the JSON schema and follows a "not the same" answer, although the words match', async () => {
    expect(await propose(ids[1]!)).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    const { authorization, body } = fake.requests[0]!;
    expect(authorization).toBe('Bearer sk-judge');
    expect(body.model).toBe('judge-model');
    expect(body.temperature).toBe(0);
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'same_request', strict: true },
    });
    const messages = body.messages as { role: string; content: string }[];
    expect(messages[0]!.role).toBe('system');
    const user = JSON.parse(messages[1]!.content) as {
      feedback: string;
      candidates: { id: string; text: string }[];
    };
    expect(user.feedback).toContain('Dark theme please');
    expect(user.candidates).toEqual([
      { id: ids[0], text: expect.stringContaining('Dark mode') as string },
    ]);
    expect(await proposalOf(ids[1]!)).toBeNull();
  });

  it('places the feedback with the candidates it calls the same (ids it was not shown place nothing)', async () => {
    fake.mode = {
      kind: 'json',
      content: { same: [ids[0], '00000000-0000-4000-8000-00000000dead'] },
    };
    const placed = await propose(ids[2]!);
    expect(placed).toEqual([
      {
        kind: 'proposal',
        proposalId: null,
        members: [{ feedbackId: ids[0], score: expect.any(Number) as number }],
      },
    ]);
    const proposal = await proposalOf(ids[2]!);
    expect(proposal).not.toBeNull();
    expect(await proposalOf(ids[0]!)).toBe(proposal);
    // The one it called different stays out.
    expect(await proposalOf(ids[1]!)).toBeNull();
  });

  it('falls back to the offline similarity when the LLM fails', async () => {
    fake.mode = { kind: 'status', status: 500 };
    const before = fake.requests.length;
    const placed = await propose(ids[3]!);
    expect(fake.requests.length).toBe(before + 1);
    expect(placed).toHaveLength(1);
    const joined = await proposalOf(ids[3]!);
    expect(joined).not.toBeNull();
    expect(joined).toBe(await proposalOf(ids[0]!));
  });
});
