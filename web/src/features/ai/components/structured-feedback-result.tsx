import type { ReactNode } from 'react';
import {
  descriptionAddsNothing,
  NOTHING_TO_CLEAN,
  NOTHING_TO_CLEAN_SPAM,
} from '@shared/domain/ai/clean';
import { categoryEmoji, categoryLabel } from '@shared/domain/categories';
import { qualityScoreLabel } from '@shared/domain/reputation';
import type {
  FeedbackPriority,
  FeedbackSentiment,
  StructuredFeedback,
} from '@shared/domain/validation/ai';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';

const PRIORITY_CLASS: Record<FeedbackPriority, string> = {
  high: 'bg-red-50 text-red-700',
  medium: 'bg-amber-50 text-amber-800',
  low: 'bg-emerald-50 text-emerald-700',
};

const SENTIMENT_CLASS: Record<FeedbackSentiment, string> = {
  positive: 'bg-emerald-50 text-emerald-700',
  negative: 'bg-red-50 text-red-700',
  neutral: 'bg-slate-100 text-slate-700',
};

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  sv: 'Swedish',
  no: 'Norwegian',
  ru: 'Russian',
  zh: 'Chinese',
  ja: 'Japanese',
  ko: 'Korean',
  ar: 'Arabic',
  und: 'Unknown',
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {label}
      </dt>
      <dd className="mt-1 text-sm break-words whitespace-pre-line text-ink">
        {children}
      </dd>
    </div>
  );
}

/** Why a text was flagged, as the badge says it. */
const SPAM_REASONS: Record<string, string> = {
  placeholder: 'placeholder text',
  gibberish: 'gibberish',
  'keyboard-mash': 'keyboard mashing',
  repetition: 'copy-pasted repeats',
  advertising: 'advertising',
  unrelated: 'unrelated to a website',
  'too-short': 'too short',
  binary: 'not text',
};

/** The structured feedback (spec §3) as the processor returned it. */
export function StructuredFeedbackResult({
  result,
  raw,
}: {
  result: StructuredFeedback;
  /** The text that was processed: a description that only repeats it says so. */
  raw: string;
}) {
  const nothingToClean = descriptionAddsNothing(raw, result.description);
  return (
    <Card aria-labelledby="ai-result-heading" role="region">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        Structured feedback
      </p>
      <h2
        id="ai-result-heading"
        className="mt-1 text-xl font-bold tracking-tight break-words"
      >
        {result.title}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <Badge>
          <span aria-hidden="true">{categoryEmoji(result.category)}</span>
          {categoryLabel(result.category)}
        </Badge>
        <Badge className={PRIORITY_CLASS[result.priority]}>
          {capitalise(result.priority)} priority
        </Badge>
        <Badge className={SENTIMENT_CLASS[result.sentiment]}>
          {capitalise(result.sentiment)} sentiment
        </Badge>
        <Badge
          className={
            result.actionable
              ? 'bg-brand-600 text-white'
              : 'bg-slate-100 text-slate-700'
          }
        >
          {result.actionable ? 'Actionable' : 'Not actionable'}
        </Badge>
        {result.is_spam && (
          <Badge className="bg-red-600 text-white">
            Flagged as spam
            {result.spam_reason && SPAM_REASONS[result.spam_reason]
              ? `: ${SPAM_REASONS[result.spam_reason]}`
              : ''}
          </Badge>
        )}
      </div>
      <dl className="mt-6 grid gap-5 sm:grid-cols-2">
        <Section label="Quality">
          {result.quality_score}/5 · {qualityScoreLabel(result.quality_score)}
        </Section>
        <Section label="Language">
          {LANGUAGE_NAMES[result.language] ?? result.language}
        </Section>
        <div className="sm:col-span-2">
          <Section label="Clean description">
            {nothingToClean ? (
              <span className="text-ink-muted italic">
                {result.is_spam ? NOTHING_TO_CLEAN_SPAM : NOTHING_TO_CLEAN}
              </span>
            ) : (
              result.description
            )}
          </Section>
        </div>
        <div className="sm:col-span-2">
          <Section label="Tags">
            {result.tags.length === 0 ? (
              'None'
            ) : (
              <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                {result.tags.map((tag) => (
                  <li key={tag}>
                    <Badge
                      className="bg-accent-50 text-accent-700"
                      title={
                        result.tag_evidence[tag]
                          ? `Evidence: ${result.tag_evidence[tag].join(', ')}`
                          : undefined
                      }
                    >
                      #{tag}
                      {result.tag_evidence[tag] && (
                        <span className="font-normal text-accent-700/80">
                          ({result.tag_evidence[tag].join(', ')})
                        </span>
                      )}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
        <div className="sm:col-span-2">
          <Section label="Suggested response">
            {result.suggested_response}
          </Section>
        </div>
        {result.suggested_fix && (
          <div className="sm:col-span-2">
            <Section label="Suggested fix">{result.suggested_fix}</Section>
          </div>
        )}
      </dl>
    </Card>
  );
}
