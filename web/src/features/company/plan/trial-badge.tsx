import { runningTrialDays, trialCountdown } from '@shared/domain/trial';
import { Badge } from '@web/components/ui/badge';
import { paths } from '@web/config/paths';
import { Link } from 'react-router-dom';
import { useCompanyPlan } from '@web/api/companies/trial';

/**
 * The header's countdown of a running Pro trial (#35), in place of the plan
 * badge; it leads to the plan in Company Settings. Short on phones.
 */
export function TrialBadge({ fallback }: { fallback: React.ReactNode }) {
  const plan = useCompanyPlan();
  const days = runningTrialDays(plan.data);
  if (days === null) return fallback;
  return (
    <Link
      to={`${paths.companySettings}#plan`}
      className="rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
      data-testid="trial-countdown"
    >
      <Badge
        className={`whitespace-nowrap ${days <= 3 ? 'bg-yellow-100 text-yellow-900' : 'bg-brand-100 text-brand-800'}`}
      >
        <span className="max-sm:hidden">{trialCountdown(days)}</span>
        <span className="sm:hidden" aria-hidden="true">
          Trial {days}d
        </span>
        <span className="sr-only sm:hidden">{trialCountdown(days)}</span>
      </Badge>
    </Link>
  );
}
