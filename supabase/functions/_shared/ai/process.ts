import { isFeedbackCategory } from '../../../../shared/domain/categories.ts';
import { looksLikePromptInjection } from '../../../../shared/domain/feedback-analysis.ts';
import type {
  ProcessFeedbackRequest,
  StructuredFeedback,
} from '../../../../shared/domain/validation/ai.ts';
import { TAG_TAXONOMY } from '../../../../shared/domain/ai/tags.ts';
import { LlmError, processWithLlm, type LlmConfig } from './llm.ts';
import { processOffline } from './offline.ts';

/** Which provider produced a result. */
export type AiProvider = 'offline' | 'llm';

export interface ProcessResult {
  structuredFeedback: StructuredFeedback;
  provider: AiProvider;
}

export interface ProcessOptions {
  fetch?: typeof fetch;
  log?: (message: string) => void;
}

const LLM_PROVIDERS = new Set(['openai', 'openai-compatible', 'llm']);

/**
 * The LLM settings when one is configured: AI_PROVIDER=openai (or
 * openai-compatible) with AI_MODEL; AI_BASE_URL defaults to OpenAI's API,
 * AI_API_KEY is optional for local servers, AI_TIMEOUT_MS defaults to 10 s.
 * Anything else means the offline provider.
 */
export function llmConfigFrom(
  env: Record<string, string | undefined>,
): LlmConfig | null {
  const provider = env.AI_PROVIDER?.trim().toLowerCase();
  if (!provider || !LLM_PROVIDERS.has(provider)) return null;
  const model = env.AI_MODEL?.trim();
  if (!model) return null;
  const timeout = Number(env.AI_TIMEOUT_MS);
  return {
    baseUrl: env.AI_BASE_URL?.trim() || 'https://api.openai.com/v1',
    apiKey: env.AI_API_KEY?.trim() || null,
    model,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 10_000,
  };
}

/**
 * Structured feedback for one request: the configured LLM when there is
 * one, else the offline pipeline. An LLM error, timeout or invalid answer
 * falls back to the offline result and is logged. Text that addresses the
 * AI itself ("ignore previous instructions…") never reaches the LLM. The
 * offline rules keep the last word on spam (an LLM can't be talked out of
 * it) and bound the LLM's quality estimate to one step above their own.
 */
export async function processFeedbackRequest(
  request: ProcessFeedbackRequest,
  env: Record<string, string | undefined>,
  options: ProcessOptions = {},
): Promise<ProcessResult> {
  const log = options.log ?? ((m: string) => console.warn(m));
  const offline = processOffline(request);
  const config = llmConfigFrom(env);
  if (!config) return { structuredFeedback: offline, provider: 'offline' };
  if (offline.is_spam || looksLikePromptInjection(request.rawFeedback)) {
    log(
      '[process-feedback] spam or instructions to the AI in the text: offline result, LLM not asked',
    );
    return { structuredFeedback: offline, provider: 'offline' };
  }
  try {
    const llm = await processWithLlm(request, {
      ...config,
      fetch: options.fetch,
    });
    return {
      provider: 'llm',
      structuredFeedback: {
        ...llm,
        category: isFeedbackCategory(request.feedbackType)
          ? request.feedbackType
          : llm.category,
        quality_score: Math.min(llm.quality_score, offline.quality_score + 1),
        language: offline.language !== 'und' ? offline.language : llm.language,
        is_spam: llm.is_spam || offline.is_spam,
        // Tags stay within the taxonomy; evidence where the offline rules found it.
        tags: llm.tags.filter((t) => t in TAG_TAXONOMY),
        tag_evidence: Object.fromEntries(
          llm.tags
            .filter((t) => offline.tag_evidence[t])
            .map((t) => [t, offline.tag_evidence[t]!]),
        ),
        spam_reason: llm.is_spam ? (offline.spam_reason ?? 'llm') : null,
      },
    };
  } catch (e) {
    const reason =
      e instanceof LlmError
        ? `${e.reason}: ${e.message}`
        : e instanceof Error
          ? e.message
          : String(e);
    log(
      `[process-feedback] LLM failed (${reason}); using the offline processor`,
    );
    return { structuredFeedback: offline, provider: 'offline' };
  }
}
