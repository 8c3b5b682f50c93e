import { CompanyGate } from '@web/features/company/components/company-gate';
import { InsightsView } from '@web/features/company/insights/insights-view';

/** Its own chunk with uPlot: only this route loads the charts (#22). */
export default function CompanyInsightsRoute() {
  return (
    <CompanyGate>
      {({ company }) => <InsightsView company={company} />}
    </CompanyGate>
  );
}
