import { useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { webhookUrlError } from '@shared/domain/webhooks';
import {
  useCreateWebhook,
  useDeleteWebhook,
} from '@web/api/companies/company-mutations';
import {
  useWebhookDeliveries,
  useWebhooks,
} from '@web/api/companies/get-webhooks';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { inputClass } from '@web/components/ui/field';

/**
 * Webhooks: HTTPS endpoints that receive each new feedback as signed JSON
 * (or Slack text), and the latest deliveries.
 */
export function WebhooksCard({ demoMode }: { demoMode: boolean }) {
  const hooks = useWebhooks();
  const deliveries = useWebhookDeliveries();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<'json' | 'slack'>('json');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = webhookUrlError(url, { production: !demoMode });
    if (problem) return setError(problem);
    setError(null);
    create.mutate(
      { url: url.trim(), format },
      {
        onSuccess: () => {
          setUrl('');
          toast.success('Webhook added');
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  const urlOf = (id: string) =>
    hooks.data?.find((h) => h.id === id)?.url ?? 'removed';

  return (
    <Card id="webhooks" className="scroll-mt-20">
      <h2 className="text-lg font-bold">Webhooks</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Each new feedback on your verified domains is POSTed as anonymous JSON
        with an{' '}
        <code className="rounded bg-surface px-1">X-Peega-Signature</code>{' '}
        header: <code className="rounded bg-surface px-1">sha256=</code>HMAC of
        the body with the endpoint’s secret.
      </p>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Add webhook"
        className="mt-4 flex flex-col gap-2 sm:flex-row"
      >
        <label className="sr-only" htmlFor="webhook-url">
          Webhook URL
        </label>
        <input
          id="webhook-url"
          className={inputClass}
          placeholder="https://hooks.example.com/peega"
          value={url}
          aria-invalid={Boolean(error) || undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        <label className="sr-only" htmlFor="webhook-format">
          Format
        </label>
        <select
          id="webhook-format"
          className={`${inputClass} sm:w-36`}
          value={format}
          onChange={(e) => setFormat(e.target.value as 'json' | 'slack')}
        >
          <option value="json">JSON</option>
          <option value="slack">Slack text</option>
        </select>
        <Button type="submit" disabled={create.isPending}>
          Add
        </Button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
      <ul className="mt-4 flex flex-col gap-2">
        {hooks.data?.map((h) => (
          <li
            key={h.id}
            data-testid="webhook"
            className="flex flex-col gap-1 rounded-xl border border-line p-3 text-sm"
          >
            <div className="flex items-center gap-2">
              <span className="min-w-0 flex-1 font-medium break-all">
                {h.url}
              </span>
              <span className="text-xs text-ink-muted uppercase">
                {h.format}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${h.url}`}
                onClick={() => remove.mutate(h.id)}
              >
                Remove
              </Button>
            </div>
            <p className="text-xs text-ink-muted">
              Secret:{' '}
              <code
                data-testid="webhook-secret"
                className="rounded bg-surface px-1 break-all"
              >
                {h.secret}
              </code>
            </p>
          </li>
        ))}
      </ul>
      {(deliveries.data?.length ?? 0) > 0 && (
        <div className="mt-5">
          <h3 className="text-sm font-semibold">Delivery log</h3>
          <ul className="mt-2 flex flex-col gap-1 text-xs">
            {deliveries.data?.map((d) => (
              <li
                key={d.id}
                data-testid="delivery"
                data-status={d.status}
                className="flex flex-wrap gap-x-3 gap-y-0.5 rounded-lg bg-surface px-3 py-2"
              >
                <span
                  className={`font-semibold ${d.status === 'done' ? 'text-green-700' : d.status === 'failed' ? 'text-red-700' : 'text-ink-muted'}`}
                >
                  {d.status === 'done'
                    ? 'Delivered'
                    : d.status === 'failed'
                      ? 'Failed'
                      : 'Pending'}
                </span>
                <span>
                  {d.response_status ? `HTTP ${d.response_status}` : ''}
                </span>
                <span className="min-w-0 break-all text-ink-muted">
                  {urlOf(d.webhook_id)}
                </span>
                <span className="text-ink-muted">
                  {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
                </span>
                {d.last_error && (
                  <span className="w-full text-red-700">{d.last_error}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
