import { isFeedbackCategory } from '../../../../shared/domain/categories.ts';
import {
  cleanFeedbackText,
  estimateQuality,
  hasReproductionSteps,
  hasSpecifics,
  makeTags,
  makeTitle,
  priorityCue,
  spamReason,
  suggestFix,
  suggestResponse,
} from '../../../../shared/domain/feedback-analysis.ts';
import { classifyNaiveBayes } from '../../../../shared/domain/naive-bayes.ts';
import type {
  FeedbackPriority,
  FeedbackSentiment,
  ProcessFeedbackRequest,
  StructuredFeedback,
} from '../../../../shared/domain/validation/ai.ts';
import type { FeedbackCategory } from '../../../../shared/domain/categories.ts';
import { featuresOf } from './features.ts';
import { AI_MODELS } from './model.generated.ts';
import { analyseText } from './nlp.ts';

const best = <T extends string>(
  model: (typeof AI_MODELS)[keyof typeof AI_MODELS],
  features: string[],
) => classifyNaiveBayes(model, features)[0]!.label as T;

/**
 * The default provider: no network, no paid service. wink-nlp and tinyld
 * read the text; naive Bayes models trained at build time on Peega's own
 * examples pick category, sentiment and priority; Peega's rules add
 * priority cues, spam, quality, title, tags and the suggested texts.
 */
export function processOffline(
  request: ProcessFeedbackRequest,
): StructuredFeedback {
  const raw = request.rawFeedback;
  const text = cleanFeedbackText(raw);
  const analysis = analyseText(text);
  const isSpam = spamReason({ raw, text, words: analysis.words }) !== null;
  const features = featuresOf(analysis, text);

  const category: FeedbackCategory = isSpam
    ? 'other'
    : isFeedbackCategory(request.feedbackType)
      ? request.feedbackType
      : best<FeedbackCategory>(AI_MODELS.category, features);
  const sentiment: FeedbackSentiment = isSpam
    ? 'neutral'
    : best<FeedbackSentiment>(AI_MODELS.sentiment, features);
  const priority: FeedbackPriority = isSpam
    ? 'low'
    : (priorityCue(text) ??
      best<FeedbackPriority>(AI_MODELS.priority, features));

  const hasSteps = hasReproductionSteps(text);
  const tags = isSpam ? ['spam'] : makeTags(text, analysis.nouns);
  const suggestion = {
    category,
    sentiment,
    priority,
    isSpam,
    hasSteps,
    tags,
    companyName: request.companyName,
  };
  return {
    title: isSpam ? 'Unclear feedback' : makeTitle(text),
    category,
    priority,
    sentiment,
    actionable: !isSpam && (category !== 'other' || sentiment === 'negative'),
    description: text.slice(0, 5000) || '(no readable text)',
    tags,
    suggested_response: suggestResponse(suggestion),
    suggested_fix: suggestFix(suggestion),
    quality_score: estimateQuality({
      words: analysis.words.length,
      isSpam,
      hasSteps,
      hasSpecifics: hasSpecifics(text),
      category,
    }),
    language: analysis.language,
    is_spam: isSpam,
  };
}
