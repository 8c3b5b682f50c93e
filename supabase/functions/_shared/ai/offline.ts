import {
  isFeedbackCategory,
  type FeedbackCategory,
} from '../../../../shared/domain/categories.ts';
import {
  cleanFeedbackText,
  estimateQuality,
  hasReproductionSteps,
  hasSpecifics,
} from '../../../../shared/domain/feedback-analysis.ts';
import {
  cleanDescription,
  namedPlaces,
} from '../../../../shared/domain/ai/clean.ts';
import {
  impactPriority,
  readIntent,
} from '../../../../shared/domain/ai/intent.ts';
import { pickLanguage } from '../../../../shared/domain/ai/languages.ts';
import {
  fixText,
  replyText,
  type ReplyKind,
} from '../../../../shared/domain/ai/replies.ts';
import { spamKind } from '../../../../shared/domain/ai/spam.ts';
import { tagsWithEvidence } from '../../../../shared/domain/ai/tags.ts';
import { summariseTitle } from '../../../../shared/domain/ai/title.ts';
import {
  classifyNaiveBayes,
  type NaiveBayesModel,
} from '../../../../shared/domain/naive-bayes.ts';
import type {
  FeedbackPriority,
  FeedbackSentiment,
  ProcessFeedbackRequest,
  StructuredFeedback,
} from '../../../../shared/domain/validation/ai.ts';
import { categoryFeatures, featuresOf } from './features.ts';
import { AI_MODELS } from './model.generated.ts';
import { analyseText } from './nlp.ts';

const best = <T extends string>(model: NaiveBayesModel, features: string[]) =>
  classifyNaiveBayes(model, features)[0]!.label as T;

export type AiModels = Record<
  'category' | 'sentiment' | 'priority',
  NaiveBayesModel
>;

function replyKind(
  category: FeedbackCategory,
  sentiment: FeedbackSentiment,
  priority: FeedbackPriority,
  question: boolean,
  purePraise: boolean,
): ReplyKind {
  if (category === 'bug') return priority === 'high' ? 'bug-urgent' : 'bug';
  if (category === 'feature' || category === 'improvement') return category;
  if (question) return 'question';
  // "Thank you for your kind words" only answers praise and nothing else:
  // a compliment before a complaint does not make it praise.
  if (purePraise) return 'praise';
  if (sentiment === 'positive') return 'other';
  return sentiment === 'negative' ? 'complaint' : 'other';
}

/**
 * The default provider: no network, no paid service. wink-nlp and tinyld
 * read the text; naive Bayes models trained at build time on Peega's own
 * examples pick category, sentiment and priority; intent rules settle what
 * a reader would never get wrong (praise, questions, broken things); the
 * rules in shared/domain/ai write the clean description, title, tags with
 * evidence, spam verdict and the replies in the author's language.
 * `companyName` is the company's registered name (the caller looks it up).
 */
export function processOffline(
  request: ProcessFeedbackRequest,
  /** The trained models; cross-validation passes others. */
  models: AiModels = AI_MODELS,
): StructuredFeedback {
  const raw = request.rawFeedback;
  const text = cleanFeedbackText(raw);
  const analysis = analyseText(text);
  const spam = spamKind({ raw, text, words: analysis.words });
  const isSpam = spam !== null;
  const language = pickLanguage(
    analysis.words,
    analysis.detected,
    // Placeholder Latin, mashing and noise are in no language.
    spam === 'gibberish' ||
      spam === 'keyboard-mash' ||
      spam === 'binary' ||
      spam === 'placeholder' ||
      (spam === 'too-short' && !/\p{L}{2,}/u.test(text)),
  );
  const features = featuresOf(analysis, text);
  const intent = readIntent(text);

  let category: FeedbackCategory = best<FeedbackCategory>(
    models.category,
    features,
  );
  if (intent.purePraise || intent.infoQuestion) {
    category = 'other';
  } else if (intent.offSite && !intent.request) {
    // Delivery, support and product complaints: nothing to fix on the site.
    category = 'other';
  } else if (intent.broken && !intent.request && !intent.improve) {
    category = 'bug';
  } else if (intent.improve && !intent.broken && category === 'bug') {
    category = 'improvement';
  } else if (
    intent.request &&
    !intent.broken &&
    category !== 'feature' &&
    (category !== 'improvement' || !intent.improve)
  ) {
    // A request with nothing to make better asks for something new.
    category = intent.improve ? 'improvement' : 'feature';
  } else if (
    intent.improve &&
    !intent.broken &&
    !intent.praise &&
    category === 'other'
  ) {
    category = 'improvement';
  }
  if (isFeedbackCategory(request.feedbackType)) category = request.feedbackType;
  // Praise and simple questions are low; otherwise impact words decide, and
  // the model when the text has none.
  let priority: FeedbackPriority =
    intent.purePraise || intent.infoQuestion
      ? 'low'
      : (impactPriority(text) ??
        best<FeedbackPriority>(models.priority, features));
  let sentiment = intent.purePraise
    ? 'positive'
    : best<FeedbackSentiment>(models.sentiment, [
        ...features,
        ...categoryFeatures(category),
      ]);
  if (intent.upset && !intent.purePraise) sentiment = 'negative';
  // A complaint about delivery, support or the product (no question, no
  // request, no praise) is negative whatever its words.
  else if (
    intent.offSite &&
    category === 'other' &&
    !intent.praise &&
    !intent.request &&
    !intent.infoQuestion &&
    !text.includes('?')
  )
    sentiment = 'negative';
  else if (intent.praise && !intent.broken) sentiment = 'positive';
  if (intent.infoQuestion && sentiment === 'positive') sentiment = 'neutral';
  if (isSpam) {
    category = 'other';
    sentiment = 'neutral';
    priority = 'low';
  }

  const hasSteps = hasReproductionSteps(text);
  const tagged = isSpam ? [] : tagsWithEvidence(text);
  // Something broken in paying or signing in blocks the core task; a typo
  // on the sign-up form does not.
  if (
    category === 'bug' &&
    intent.broken &&
    priority !== 'low' &&
    tagged.some(
      (t) =>
        t.tag === 'payments' || t.tag === 'account' || t.tag === 'security',
    )
  )
    priority = 'high';
  const place = namedPlaces(text)[0] ?? null;
  const kind: ReplyKind = isSpam
    ? 'unclear'
    : replyKind(
        category,
        sentiment,
        priority,
        intent.infoQuestion,
        intent.purePraise,
      );
  const actionable =
    !isSpam &&
    !intent.purePraise &&
    !intent.infoQuestion &&
    (category !== 'other' || sentiment === 'negative');
  const description = isSpam ? text : cleanDescription(text);
  return {
    title: isSpam ? 'Unclear feedback' : summariseTitle(text, intent),
    category,
    priority,
    sentiment,
    actionable,
    description: description.slice(0, 5000) || '(no readable text)',
    tags: tagged.map((t) => t.tag),
    tag_evidence: Object.fromEntries(tagged.map((t) => [t.tag, t.evidence])),
    suggested_response: replyText(kind, language, request.companyName),
    suggested_fix: actionable
      ? fixText(kind, language, {
          hasSteps,
          urgent: priority === 'high',
          place,
        })
      : null,
    quality_score: estimateQuality({
      words: analysis.words.length,
      isSpam,
      hasSteps,
      hasSpecifics: hasSpecifics(text),
      category,
    }),
    language,
    is_spam: isSpam,
    spam_reason: spam,
  };
}
