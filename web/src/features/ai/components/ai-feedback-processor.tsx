import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AI_RAW_FEEDBACK_MAX } from '@shared/domain/validation/ai';
import { useProcessFeedback } from '@web/api/ai/use-process-feedback';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { InputField, TextareaField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { AiInstructionsCard } from './ai-instructions-card';
import { StructuredFeedbackResult } from './structured-feedback-result';

/**
 * The AI feedback processor (consumer spec §2, §5, §8): raw text plus
 * optional company name and website URL; Process is disabled while the
 * text is blank or a call is under way; the result or the error in red.
 */
export function AiFeedbackProcessor() {
  const [rawFeedback, setRawFeedback] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [websiteUrl, setWebsiteUrl] = useState('');
  const processing = useProcessFeedback();
  const blank = rawFeedback.trim() === '';
  const resultRef = useRef<HTMLElement>(null);

  // On a phone the result sits below the form: bring it (or the error) into view.
  useEffect(() => {
    if (processing.status === 'success' || processing.status === 'error')
      resultRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [processing.status]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (blank || processing.isPending) return;
    processing.mutate({
      rawFeedback,
      feedbackType: 'general',
      companyName,
      websiteUrl,
    });
  }

  return (
    <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="flex flex-col gap-6">
        <AiInstructionsCard />
        <Card>
          <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
            <TextareaField
              label="Raw feedback"
              required
              rows={7}
              maxLength={AI_RAW_FEEDBACK_MAX}
              placeholder="e.g. The checkout page freezes when I press Pay on my phone, I had to try three times…"
              value={rawFeedback}
              onChange={(e) => setRawFeedback(e.target.value)}
            />
            <InputField
              label="Company name (optional)"
              placeholder="e.g. Acme"
              value={companyName}
              onChange={(e) => setCompanyName(e.target.value)}
            />
            <InputField
              label="Website URL (optional)"
              type="url"
              inputMode="url"
              placeholder="https://example.com"
              value={websiteUrl}
              onChange={(e) => setWebsiteUrl(e.target.value)}
            />
            <Button
              type="submit"
              size="lg"
              disabled={blank || processing.isPending}
            >
              {processing.isPending ? 'Processing…' : 'Process Feedback'}
            </Button>
          </form>
        </Card>
      </div>
      <section
        ref={resultRef}
        aria-label="Result"
        aria-live="polite"
        className="min-w-0 scroll-mt-4"
      >
        {processing.isPending ? (
          <Card className="grid min-h-48 place-items-center">
            <Spinner label="Processing feedback" />
          </Card>
        ) : processing.isError ? (
          <div
            role="alert"
            className="rounded-2xl border border-red-200 bg-red-50 p-5 text-sm font-medium text-red-700"
          >
            {processing.error.message}
          </div>
        ) : processing.data ? (
          <StructuredFeedbackResult
            result={processing.data}
            raw={processing.variables?.rawFeedback ?? ''}
          />
        ) : (
          <Card className="grid min-h-48 place-items-center border-dashed text-center text-sm text-ink-muted">
            The structured feedback will appear here.
          </Card>
        )}
      </section>
    </div>
  );
}
