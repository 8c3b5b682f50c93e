import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { processFeedback } from '../../../../shared/data/ai.ts';

const result = {
  title: 'T',
  category: 'bug',
  priority: 'low',
  sentiment: 'neutral',
  actionable: true,
  description: 'D',
  tags: [],
  suggested_response: 'R',
  suggested_fix: null,
  quality_score: 3,
  language: 'en',
  is_spam: false,
  spam_reason: null,
  tag_evidence: {},
};

/** A client whose functions.invoke answers as given and records its calls. */
function clientAnswering(answer: { data: unknown; error: unknown }) {
  const calls: unknown[] = [];
  const client = {
    functions: {
      invoke: async (name: string, options: unknown) => {
        calls.push([name, options]);
        return answer;
      },
    },
  } as unknown as SupabaseClient;
  return { client, calls };
}

const httpError = (status: number, body: string) => ({
  name: 'FunctionsHttpError',
  message: 'Edge Function returned a non-2xx status code',
  context: new Response(body, { status }),
});

describe('processFeedback', () => {
  it('sends the body to process-feedback and answers the structured feedback', async () => {
    const { client, calls } = clientAnswering({
      data: { success: true, error: null, structuredFeedback: result },
      error: null,
    });
    await expect(
      processFeedback(client, { rawFeedback: 'x' }),
    ).resolves.toEqual(result);
    expect(calls).toEqual([
      ['process-feedback', { body: { rawFeedback: 'x' } }],
    ]);
  });

  it.each([
    [
      'the returned error of a 400',
      {
        data: null,
        error: httpError(400, '{"success":false,"error":"Too long"}'),
      },
      'Too long',
    ],
    [
      'success false with an error',
      {
        data: { success: false, error: 'Nope', structuredFeedback: null },
        error: null,
      },
      'Nope',
    ],
    [
      'success false without detail',
      {
        data: { success: false, error: null, structuredFeedback: null },
        error: null,
      },
      'Unknown error occurred',
    ],
    [
      'success false, nothing else',
      { data: { success: false }, error: null },
      'Unknown error occurred',
    ],
    [
      'a 500 without JSON',
      { data: null, error: httpError(500, 'oops') },
      'Failed to process feedback',
    ],
    [
      'a network error',
      { data: null, error: new Error('Failed to fetch') },
      'Failed to process feedback',
    ],
    [
      'an answer of another shape',
      { data: { hello: 1 }, error: null },
      'Failed to process feedback',
    ],
  ])('throws the §8 text for %s', async (_, answer, message) => {
    const { client } = clientAnswering(answer);
    await expect(processFeedback(client, { rawFeedback: 'x' })).rejects.toThrow(
      message,
    );
  });
});
