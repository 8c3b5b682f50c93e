import { useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { TRACKER_LABEL, type Tracker } from '@shared/domain/integrations';
import { useSetWebhookSecret } from '@web/api/companies/integrations';
import { Button } from '@web/components/ui/button';
import { inputClass } from '@web/components/ui/field';

/** Linear makes its own webhook signing secret: the admin pastes it here. */
export function SigningSecretForm({ provider }: { provider: Tracker }) {
  const save = useSetWebhookSecret();
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = TRACKER_LABEL[provider];
  const id = `${provider}-signing-secret`;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (secret.trim().length < 8)
      return setError(`Paste the signing secret ${label} shows.`);
    setError(null);
    save.mutate(
      { provider, secret: secret.trim() },
      {
        onSuccess: () => {
          setSecret('');
          toast.success(`${label} signing secret saved`);
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`${label} signing secret`}
      className="flex flex-col gap-1"
    >
      <label htmlFor={id} className="text-xs font-medium">
        Webhook signing secret from {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="password"
          autoComplete="off"
          className={inputClass}
          value={secret}
          aria-invalid={Boolean(error) || undefined}
          onChange={(e) => setSecret(e.target.value)}
        />
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
