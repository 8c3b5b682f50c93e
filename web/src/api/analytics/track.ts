import { trackEvent, type AnalyticsEvent } from '@shared/data/analytics';
import { getSupabase } from '@web/lib/supabase';

/** Records a product event; never throws. */
export function track(event: AnalyticsEvent) {
  void trackEvent(getSupabase(), event);
}
