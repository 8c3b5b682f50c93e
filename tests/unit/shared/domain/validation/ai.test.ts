import { describe, expect, it } from 'vitest';
import {
  AI_MESSAGES,
  aiErrorMessage,
  processFeedbackRequestSchema,
  structuredFeedbackSchema,
} from '../../../../../shared/domain/validation/ai.ts';

describe('processFeedbackRequestSchema', () => {
  it('trims the text and turns blank optional fields into null', () => {
    expect(
      processFeedbackRequestSchema.parse({
        rawFeedback: '  Slow  ',
        companyName: ' ',
        websiteUrl: undefined,
      }),
    ).toEqual({
      rawFeedback: 'Slow',
      feedbackType: null,
      companyName: null,
      websiteUrl: null,
    });
  });

  it.each([
    [{ rawFeedback: '   ' }, AI_MESSAGES.empty],
    [{}, AI_MESSAGES.empty],
    [{ rawFeedback: 'a'.repeat(20_001) }, AI_MESSAGES.tooLong],
  ])('refuses %j', (body, message) => {
    const r = processFeedbackRequestSchema.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe('structuredFeedbackSchema', () => {
  const valid = {
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
  it('accepts a complete result', () => {
    expect(structuredFeedbackSchema.parse(valid)).toEqual(valid);
  });
  it.each([
    { category: 'complaint' },
    { quality_score: 6 },
    { quality_score: 2.5 },
    { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
    { title: '' },
    { language: 'english' },
  ])('refuses %j', (change) => {
    expect(
      structuredFeedbackSchema.safeParse({ ...valid, ...change }).success,
    ).toBe(false);
  });
});

describe('aiErrorMessage (spec §8)', () => {
  it.each([
    [{ success: false, error: 'Boom' }, 'Boom'],
    [{ success: false, error: null }, AI_MESSAGES.unknown],
    [{ success: false }, AI_MESSAGES.unknown],
    [null, AI_MESSAGES.failed],
    [{}, AI_MESSAGES.failed],
  ])('%j → %s', (answer, message) => {
    expect(aiErrorMessage(answer)).toBe(message);
  });
});
