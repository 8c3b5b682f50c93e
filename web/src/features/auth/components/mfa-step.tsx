import { MFA_TEXTS } from '@shared/domain/mfa';
import { mfaActions } from '@web/api/auth/mfa';
import { TotpCodeForm } from '@web/components/totp-code-form';

/**
 * The sign-in step of an account with two-factor authentication: the
 * password gave an aal1 session, the code of the verified factor makes it
 * aal2 (company data needs it, 20261127010000).
 */
export function MfaStep({
  onVerified,
  onSignOut,
}: {
  onVerified: () => void;
  onSignOut: () => void;
}) {
  async function onCode(code: string) {
    const factor = await mfaActions.verifiedTotpFactor();
    if (!factor) return onVerified();
    await mfaActions.verify(factor.id, code);
    onVerified();
  }
  return (
    <div className="mt-4 flex flex-col gap-5">
      <p className="text-sm text-ink-muted">{MFA_TEXTS.stepDescription}</p>
      <TotpCodeForm
        label={MFA_TEXTS.stepTitle}
        submitLabel={MFA_TEXTS.verify}
        onCode={onCode}
        focusFirst
      >
        <button
          type="button"
          onClick={onSignOut}
          className="rounded text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {MFA_TEXTS.signOut}
        </button>
      </TotpCodeForm>
    </div>
  );
}
