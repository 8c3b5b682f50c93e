import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { normalizeDomain } from '@shared/domain/domain-match';
import { claimPath } from '@shared/domain/app-paths';
import { Button } from '@web/components/ui/button';
import { inputClass } from '@web/components/ui/field';

export const INVALID_DOMAIN = 'Please enter a valid domain, like example.com.';

/**
 * "Check your domain": how much feedback waits for a site (#35). Checked
 * here first, so a typo never costs a request; the claim page asks the
 * server.
 */
export function CheckDomainForm({
  initial = '',
  className = '',
}: {
  initial?: string;
  className?: string;
}) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const domain = normalizeDomain(value);
    if (!domain) {
      setError(INVALID_DOMAIN);
      return;
    }
    setError(null);
    navigate(claimPath(domain));
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Check your domain"
      className={`flex w-full flex-col gap-1.5 ${className}`}
    >
      <label htmlFor="check-domain" className="text-sm font-medium text-ink">
        Check your domain
      </label>
      <div className="flex gap-2">
        <input
          id="check-domain"
          name="domain"
          inputMode="url"
          autoComplete="url"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="yourshop.com"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'check-domain-error' : undefined}
          className={`${inputClass} min-w-0 flex-1`}
        />
        <Button type="submit" variant="secondary">
          Check
        </Button>
      </div>
      {error && (
        <p
          id="check-domain-error"
          role="alert"
          className="text-sm text-red-600"
        >
          {error}
        </p>
      )}
    </form>
  );
}
