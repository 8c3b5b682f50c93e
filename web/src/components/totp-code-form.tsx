import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { mfaErrorText, MFA_TEXTS, totpCodeSchema } from '@shared/domain/mfa';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/field';

/**
 * The 6-digit code field of two-factor authentication: checks the shape,
 * hands the code to `onCode` and shows a refused code under the field.
 */
export function TotpCodeForm({
  label,
  submitLabel,
  onCode,
  children,
  focusFirst = false,
}: {
  label: string;
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
  /** More buttons next to the submit button (Cancel, Sign out). */
  children?: ReactNode;
  /** Puts the cursor in the field when the form appears (a step of its own). */
  focusFirst?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusFirst) formRef.current?.querySelector('input')?.focus();
  }, [focusFirst]);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MFA_TEXTS.badFormat);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await onCode(parsed.data);
    } catch (err) {
      setError(mfaErrorText(err as { code?: string; message?: string }));
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
      className="flex flex-col gap-4"
    >
      <InputField
        label={MFA_TEXTS.codeLabel}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        className="max-w-48 font-mono text-lg tracking-[0.3em]"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? MFA_TEXTS.verifying : submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
