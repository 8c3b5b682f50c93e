import {
  hasReproductionSteps,
  priorityCue,
} from '../../../../shared/domain/feedback-analysis.ts';
import { readIntent } from '../../../../shared/domain/ai/intent.ts';
import type { TextAnalysis } from './nlp.ts';

/**
 * The classifier's features of a text: word stems (negated ones marked),
 * stem pairs, and markers for wink's sentiment, questions, exclamations,
 * steps to reproduce and priority cues. Training (scripts/train-ai-model.ts)
 * and the processor use this one function, so the two cannot drift.
 */
export function featuresOf(analysis: TextAnalysis, text: string): string[] {
  const { stems } = analysis;
  const out = [...stems];
  for (let i = 1; i < stems.length; i++)
    out.push(`${stems[i - 1]} ${stems[i]}`);
  if (analysis.language === 'en') {
    out.push(
      analysis.sentiment > 0.1
        ? '__sent_pos'
        : analysis.sentiment < -0.1
          ? '__sent_neg'
          : '__sent_neu',
    );
  } else {
    out.push(`__lang_${analysis.language}`);
  }
  if (text.includes('?')) out.push('__question');
  if (text.includes('!')) out.push('__exclaim');
  if (hasReproductionSteps(text)) out.push('__steps');
  const intent = readIntent(text);
  if (intent.broken) out.push('__broken');
  if (intent.request) out.push('__request');
  if (intent.praise) out.push('__praise');
  if (intent.infoQuestion) out.push('__info_question');
  const cue = priorityCue(text);
  if (cue) out.push(`__cue_${cue}`);
  return out;
}

/** The category as features of the sentiment model (repeated: it weighs like a few words). */
export const categoryFeatures = (category: string): string[] => [
  `__cat_${category}`,
  `__cat_${category}`,
  `__cat_${category}`,
];
