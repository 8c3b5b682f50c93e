import { toast } from '@web/lib/toast';
import {
  issueLabel,
  trackerCloseSummary,
  TRACKER_LABEL,
  type Tracker,
} from '@shared/domain/integrations';
import type { IssueTarget } from '@shared/data/integrations';
import {
  useCreateIssue,
  useIntegrations,
  useIssueLinks,
} from '@web/api/companies/integrations';
import { Button } from '@web/components/ui/button';

/**
 * "Create issue" for a feedback (`{feedbackId}`) or a topic (`{topicId}`):
 * one button per connected tracker that has no issue for it yet, and the
 * link of each issue created ("GitHub #12"). Nothing when no tracker is
 * connected and no issue exists. Errors are toasts; nothing is lost.
 */
export function CreateIssueButton(target: IssueTarget) {
  const integrations = useIntegrations();
  const links = useIssueLinks(target);
  const create = useCreateIssue(target);
  const linked = new Set((links.data ?? []).map((l) => l.provider));
  const available = (integrations.data ?? [])
    .map((i) => i.provider)
    .filter((p) => !linked.has(p));
  if (!links.data?.length && !available.length) return null;

  function onCreate(provider: Tracker) {
    create.mutate(provider, {
      onSuccess: ({ link, existing }) =>
        toast.success(
          existing
            ? `Already in ${issueLabel(provider, link.external_key)}`
            : `Created ${issueLabel(provider, link.external_key)}`,
        ),
      onError: (err) =>
        toast.error(`Could not create the ${TRACKER_LABEL[provider]} issue`, {
          description: err.message,
        }),
    });
  }

  return (
    <div data-testid="issue-links">
      <h3 className="text-sm font-semibold">Issue tracker</h3>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {links.data?.map((l) => (
          <a
            key={l.id}
            href={l.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="issue-link"
            data-state={l.state}
            className="inline-flex items-center gap-1.5 rounded-full border border-line bg-white px-3 py-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {issueLabel(l.provider, l.external_key)}
            <span
              className={`rounded-full px-1.5 text-[0.65rem] font-bold uppercase no-underline ${l.state === 'closed' ? 'bg-green-100 text-green-800' : 'bg-surface text-ink-muted'}`}
            >
              {l.state}
            </span>
          </a>
        ))}
        {available.length > 0 && (
          <div
            role="group"
            aria-label="Create issue"
            className="flex flex-wrap gap-2"
          >
            {available.map((provider) => (
              <Button
                key={provider}
                size="sm"
                variant="secondary"
                disabled={create.isPending}
                onClick={() => onCreate(provider)}
              >
                {create.isPending && create.variables === provider
                  ? 'Creating…'
                  : `Create ${TRACKER_LABEL[provider]} issue`}
              </Button>
            ))}
          </div>
        )}
      </div>
      {links.data?.map((l) => {
        const summary =
          l.state === 'closed'
            ? trackerCloseSummary(l.closed_completed, l.closed_kept_rejected)
            : null;
        return summary ? (
          <p
            key={l.id}
            data-testid="issue-close-summary"
            className="mt-2 text-sm text-ink-muted"
          >
            {issueLabel(l.provider, l.external_key)} was closed. {summary}
          </p>
        ) : null;
      })}
    </div>
  );
}

export default CreateIssueButton;
