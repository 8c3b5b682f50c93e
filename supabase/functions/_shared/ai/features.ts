import {
  hasReproductionSteps,
  priorityCue,
} from '../../../../shared/domain/feedback-analysis.ts';
import { readIntent } from '../../../../shared/domain/ai/intent.ts';
import { pickLanguage } from '../../../../shared/domain/ai/languages.ts';
import {
  negatedWords,
  toneCues,
  truncStem,
} from '../../../../shared/domain/ai/tone.ts';
import type { TextAnalysis } from './nlp.ts';

/**
 * The classifier's features of a text: word stems (negated ones marked),
 * stem pairs, and markers for the language, wink's sentiment, tone,
 * questions, exclamations, steps to reproduce and priority cues. Training
 * (scripts/train-ai-model.ts) and the processor use this one function, so
 * the two cannot drift. wink-nlp stems and negates English only: other
 * languages get folded, cut stems and their own negators (`tone.ts`).
 */
export function featuresOf(analysis: TextAnalysis, text: string): string[] {
  const language = pickLanguage(analysis.words, analysis.detected, false);
  const stems =
    language === 'en'
      ? analysis.stems
      : negatedWords(text).map((w) =>
          w.startsWith('not_') ? `not_${truncStem(w.slice(4))}` : truncStem(w),
        );
  const out = [...stems];
  for (let i = 1; i < stems.length; i++)
    out.push(`${stems[i - 1]} ${stems[i]}`);
  if (language === 'en') {
    out.push(
      analysis.sentiment > 0.1
        ? '__sent_pos'
        : analysis.sentiment < -0.1
          ? '__sent_neg'
          : '__sent_neu',
    );
  } else {
    out.push(`__lang_${language}`);
  }
  out.push(...toneCues(text));
  if (text.includes('?')) out.push('__question');
  if (text.includes('!')) out.push('__exclaim');
  if (hasReproductionSteps(text)) out.push('__steps');
  const intent = readIntent(text);
  if (intent.broken) out.push('__broken');
  if (intent.request) out.push('__request');
  if (intent.praise) out.push('__praise');
  if (intent.eagerWish) out.push('__eager_wish');
  if (intent.upset) out.push('__upset');
  if (intent.improve) out.push('__improve');
  if (intent.offSite) out.push('__off_site');
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
