import { useMutation } from '@tanstack/react-query';
import { processFeedback } from '@shared/data/ai';
import type { ProcessFeedbackInput } from '@shared/domain/validation/ai';
import { getSupabase } from '@web/lib/supabase';

/**
 * Runs the AI processor on one text (the test page). Nothing is cached:
 * each press of Process is a new call.
 */
export function useProcessFeedback() {
  return useMutation({
    mutationKey: ['ai', 'process-feedback'],
    mutationFn: (input: ProcessFeedbackInput) =>
      processFeedback(getSupabase(), input),
  });
}
