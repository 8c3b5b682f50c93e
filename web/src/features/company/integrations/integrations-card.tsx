import { useState } from 'react';
import { toast } from '@web/lib/toast';
import {
  TRACKER_FIELDS,
  TRACKER_LABEL,
  TRACKERS,
  type Tracker,
} from '@shared/domain/integrations';
import type { Connected, Integration } from '@shared/data/integrations';
import {
  useCompleteOnClose,
  useDisconnectIntegration,
  useIntegrations,
} from '@web/api/companies/integrations';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { ConnectForm } from './connect-form';
import { SigningSecretForm } from './signing-secret-form';

/** Trackers that generate the webhook's signing secret themselves. */
const OWN_SECRET: readonly Tracker[] = ['linear'];

/** Where each tracker takes the webhook Peega gives. */
const WEBHOOK_HELP: Record<Tracker, string> = {
  github:
    'Repository → Settings → Webhooks → Add webhook: this URL, content type application/json, this secret, event “Issues”.',
  gitlab:
    'Project → Settings → Webhooks: this URL, this secret as the secret token, trigger “Issues events”.',
  linear:
    'Settings → API → Webhooks → New webhook: this URL, data change events for Issues. Then paste the signing secret Linear shows below (Peega’s secret is not used).',
  jira: 'System → WebHooks → Create: this URL, this secret, event “Issue updated”.',
};

function Summary({ integration }: { integration: Integration }) {
  const fields = TRACKER_FIELDS[integration.provider];
  return (
    <p className="text-xs break-all text-ink-muted">
      {fields
        .map((f) => integration.config[f.key])
        .filter(Boolean)
        .join(' · ')}{' '}
      · token …{integration.token_hint}
    </p>
  );
}

/**
 * Settings → Integrations (#22): owners and admins connect GitHub, GitLab,
 * Linear or Jira; members see what is connected. Tokens are never shown,
 * only their last four characters; the webhook secret is shown once.
 */
export function IntegrationsCard({
  admin,
  demoMode,
}: {
  admin: boolean;
  demoMode: boolean;
}) {
  const integrations = useIntegrations();
  const disconnect = useDisconnectIntegration();
  const completeOnClose = useCompleteOnClose();
  const [open, setOpen] = useState<Tracker | null>(null);
  const [shown, setShown] = useState<Connected | null>(null);
  const byProvider = new Map(
    (integrations.data ?? []).map((i) => [i.provider, i]),
  );

  return (
    <Card id="integrations" className="scroll-mt-20">
      <h2 className="text-lg font-bold">Integrations</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Send a feedback or topic to your issue tracker with “Create issue”. When
        the issue is closed there, Peega can complete it and tell its authors.
      </p>
      {integrations.isError && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {integrations.error.message}
        </p>
      )}
      <ul className="mt-4 flex flex-col gap-3">
        {TRACKERS.map((provider) => {
          const connected = byProvider.get(provider);
          const label = TRACKER_LABEL[provider];
          return (
            <li
              key={provider}
              data-testid={`integration-${provider}`}
              className="rounded-xl border border-line p-3 text-sm"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{label}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${connected ? 'bg-green-100 text-green-800' : 'bg-surface text-ink-muted'}`}
                >
                  {connected ? 'Connected' : 'Not connected'}
                </span>
                <span className="flex-1" />
                {admin && connected && (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={disconnect.isPending}
                    onClick={() =>
                      disconnect.mutate(provider, {
                        onSuccess: () => toast.success(`${label} disconnected`),
                        onError: (e) =>
                          toast.error(`Could not disconnect ${label}`, {
                            description: e.message,
                          }),
                      })
                    }
                  >
                    Disconnect
                  </Button>
                )}
                {admin && open !== provider && (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => {
                      setOpen(provider);
                      setShown(null);
                    }}
                  >
                    {connected ? 'Replace token' : 'Connect'}
                  </Button>
                )}
              </div>
              {connected && (
                <div className="mt-2 flex flex-col gap-2">
                  <Summary integration={connected} />
                  <Switch
                    label="Complete the feedback or topic when the issue is closed"
                    checked={connected.complete_on_close}
                    disabled={!admin || completeOnClose.isPending}
                    onChange={(enabled) =>
                      completeOnClose.mutate(
                        { provider, enabled },
                        {
                          onError: (e) =>
                            toast.error('Could not save', {
                              description: e.message,
                            }),
                        },
                      )
                    }
                  />
                  {admin && OWN_SECRET.includes(provider) && (
                    <SigningSecretForm provider={provider} />
                  )}
                </div>
              )}
              {admin && open === provider && (
                <ConnectForm
                  provider={provider}
                  allowHttp={demoMode}
                  onCancel={() => setOpen(null)}
                  onConnected={(c) => {
                    setOpen(null);
                    setShown(c);
                    toast.success(`${label} connected`);
                  }}
                />
              )}
              {shown?.integration.provider === provider && (
                <div
                  data-testid="integration-webhook"
                  className="mt-3 rounded-lg bg-amber-50 p-3 text-xs"
                >
                  <p className="font-semibold text-amber-900">
                    Add this webhook in {label} now: the secret is shown only
                    once.
                  </p>
                  <p className="mt-1 text-amber-900">
                    {WEBHOOK_HELP[provider]}
                  </p>
                  <p className="mt-2">
                    URL:{' '}
                    <code
                      data-testid="integration-webhook-url"
                      className="rounded bg-white px-1 break-all"
                    >
                      {shown.webhook.url}
                    </code>
                  </p>
                  {!OWN_SECRET.includes(provider) && (
                    <p className="mt-1">
                      Secret:{' '}
                      <code
                        data-testid="integration-webhook-secret"
                        className="rounded bg-white px-1 break-all"
                      >
                        {shown.webhook.secret}
                      </code>
                    </p>
                  )}
                  <Button
                    className="mt-2"
                    size="sm"
                    variant="ghost"
                    onClick={() => setShown(null)}
                  >
                    Done
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

export default IntegrationsCard;
