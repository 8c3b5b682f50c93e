import { useState, type FormEvent } from 'react';
import {
  TOKEN_LABEL,
  TRACKER_FIELDS,
  TRACKER_LABEL,
  validateTrackerConfig,
  type Tracker,
} from '@shared/domain/integrations';
import type { Connected } from '@shared/data/integrations';
import { useConnectIntegration } from '@web/api/companies/integrations';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/field';

/**
 * The settings and token of one tracker. The token goes to the
 * `integrations` function, which encrypts it; a failed connect keeps what
 * was typed.
 */
export function ConnectForm({
  provider,
  allowHttp,
  onConnected,
  onCancel,
}: {
  provider: Tracker;
  allowHttp: boolean;
  onConnected: (c: Connected) => void;
  onCancel: () => void;
}) {
  const connect = useConnectIntegration();
  const [values, setValues] = useState<Record<string, string>>({});
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = TRACKER_LABEL[provider];

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = validateTrackerConfig(provider, values, { allowHttp });
    if ('error' in checked) return setError(checked.error);
    if (token.trim().length < 8) return setError(`Paste the ${label} token.`);
    setError(null);
    connect.mutate(
      { provider, token: token.trim(), config: checked.config },
      { onSuccess: onConnected, onError: (err) => setError(err.message) },
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Connect ${label}`}
      className="mt-3 flex flex-col gap-3"
    >
      {TRACKER_FIELDS[provider].map((f) => (
        <InputField
          key={f.key}
          label={f.label}
          name={`${provider}-${f.key}`}
          placeholder={f.placeholder}
          value={values[f.key] ?? ''}
          onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
        />
      ))}
      <InputField
        label={TOKEN_LABEL[provider]}
        hint="Stored encrypted; only its last four characters are shown again."
        name={`${provider}-token`}
        type="password"
        autoComplete="off"
        value={token}
        onChange={(e) => setToken(e.target.value)}
      />
      {error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={connect.isPending}>
          {connect.isPending ? 'Connecting…' : `Connect ${label}`}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
