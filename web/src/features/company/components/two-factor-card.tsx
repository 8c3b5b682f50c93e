import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TotpEnrolment } from '@shared/data/mfa';
import { MFA_TEXTS } from '@shared/domain/mfa';
import { mfaActions } from '@web/api/auth/mfa';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/lib/toast';
import { TotpCodeForm } from '@web/components/totp-code-form';

type Step = 'idle' | 'enrolling' | 'turning-off';

/**
 * Two-factor authentication (#25): enrol a TOTP factor (QR code and the key
 * for manual entry, confirmed with a first code), and turn it off again
 * with a current code (GoTrue unenrols a verified factor only at aal2).
 * Loaded with its own chunk.
 */
export default function TwoFactorCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const queryKey = ['mfa-factors', userId];
  const factors = useQuery({
    queryKey,
    queryFn: () => mfaActions.listTotpFactors(),
  });
  const [step, setStep] = useState<Step>('idle');
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [starting, setStarting] = useState(false);
  const verified = factors.data?.find((f) => f.status === 'verified');
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  async function start() {
    setStarting(true);
    try {
      setEnrolment(await mfaActions.enroll());
      setStep('enrolling');
    } catch (err) {
      toast.error(MFA_TEXTS.failedToast, {
        description: (err as Error).message,
      });
    } finally {
      setStarting(false);
    }
  }

  async function cancel() {
    const pending = enrolment;
    setEnrolment(undefined);
    setStep('idle');
    if (pending) await mfaActions.unenroll(pending.factorId).catch(() => {});
    await refresh();
  }

  async function confirm(code: string) {
    if (!enrolment) return;
    await mfaActions.verify(enrolment.factorId, code);
    setEnrolment(undefined);
    setStep('idle');
    toast.success(MFA_TEXTS.enabledToast);
    await refresh();
  }

  async function turnOff(code: string) {
    if (!verified) return;
    // The code makes this session aal2, which unenrolling needs.
    await mfaActions.verify(verified.id, code);
    await mfaActions.unenroll(verified.id);
    setStep('idle');
    toast.success(MFA_TEXTS.disabledToast);
    await refresh();
  }

  return (
    <Card id="two-factor" className="scroll-mt-20">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-bold">{MFA_TEXTS.cardTitle}</h2>
        {factors.isSuccess && (
          <Badge
            className={
              verified
                ? 'bg-green-100 text-green-800'
                : 'bg-gray-100 text-gray-700'
            }
          >
            {verified ? MFA_TEXTS.onBadge : MFA_TEXTS.offBadge}
          </Badge>
        )}
      </div>
      {factors.isPending ? (
        <div className="mt-4">
          <Spinner />
        </div>
      ) : verified ? (
        <div className="mt-2 flex flex-col gap-4">
          <p className="text-sm text-ink-muted">{MFA_TEXTS.onDescription}</p>
          {step === 'turning-off' ? (
            <>
              <p className="text-sm">{MFA_TEXTS.turnOffPrompt}</p>
              <TotpCodeForm
                label={MFA_TEXTS.turnOff}
                submitLabel={MFA_TEXTS.confirmOff}
                onCode={turnOff}
                focusFirst
              >
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setStep('idle')}
                >
                  {MFA_TEXTS.cancel}
                </Button>
              </TotpCodeForm>
            </>
          ) : (
            <Button
              type="button"
              variant="secondary"
              className="self-start"
              onClick={() => setStep('turning-off')}
            >
              {MFA_TEXTS.turnOff}
            </Button>
          )}
        </div>
      ) : step === 'enrolling' && enrolment ? (
        <div className="mt-2 flex flex-col gap-4">
          <p className="text-sm text-ink-muted">{MFA_TEXTS.scan}</p>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <img
              src={enrolment.qrCode}
              alt={MFA_TEXTS.qrAlt}
              width={192}
              height={192}
              className="size-48 shrink-0 rounded-lg border border-line bg-white p-2"
            />
            <div className="min-w-0 text-sm">
              <p className="text-ink-muted">{MFA_TEXTS.manualKey}</p>
              <code
                data-testid="totp-secret"
                className="mt-1 block rounded-lg bg-surface px-3 py-2 font-mono text-sm break-all select-all"
              >
                {enrolment.secret}
              </code>
            </div>
          </div>
          <TotpCodeForm
            label={MFA_TEXTS.cardTitle}
            submitLabel={MFA_TEXTS.turnOn}
            onCode={confirm}
            focusFirst
          >
            <Button type="button" variant="ghost" onClick={() => void cancel()}>
              {MFA_TEXTS.cancel}
            </Button>
          </TotpCodeForm>
        </div>
      ) : (
        <div className="mt-2 flex flex-col gap-4">
          <p className="text-sm text-ink-muted">{MFA_TEXTS.offDescription}</p>
          <Button
            type="button"
            className="self-start"
            disabled={starting}
            onClick={() => void start()}
          >
            {MFA_TEXTS.setUp}
          </Button>
        </div>
      )}
    </Card>
  );
}
