import { failureText } from '@shared/data/client';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@web/lib/toast';
import {
  LINKEDIN_MESSAGES,
  LINKEDIN_REDIRECT_DELAY_MS,
  decodeLinkedinState,
} from '@shared/domain/linkedin';
import { useSession } from '@web/api/auth/use-session';
import { takeLinkedinNonce } from '@web/api/linkedin/start-linkedin';
import { useVerifyLinkedin } from '@web/api/linkedin/verify-linkedin';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';

type Outcome = { ok: boolean; message: string };

/**
 * The provider's return point (consumer spec §2 "LinkedIn callback", §5,
 * §8): checks the parameters and the state, lets the linkedin-oauth
 * function exchange the code, then goes to profile settings (or /auth when
 * signed out) after 1 second.
 */
export function LinkedinCallback() {
  const [params] = useSearchParams();
  const session = useSession();
  const navigate = useNavigate();
  const userId =
    session.status === 'signed-in' ? session.session.user.id : undefined;
  const verify = useVerifyLinkedin(userId);
  const [outcome, setOutcome] = useState<Outcome>();
  const started = useRef(false);

  useEffect(() => {
    if (session.status === 'loading' || started.current) return;
    // Once per page: a code can be exchanged only once (StrictMode runs
    // effects twice in development).
    started.current = true;
    const signedIn = session.status === 'signed-in';
    const done = (result: Outcome) => {
      setOutcome(result);
      window.setTimeout(
        () =>
          void navigate(signedIn ? paths.profileSettings : paths.auth, {
            replace: true,
          }),
        LINKEDIN_REDIRECT_DELAY_MS,
      );
    };
    const fail = (message: string, title?: string) => {
      if (title) toast.error(title, { description: message });
      else toast.error(message);
      done({ ok: false, message });
    };

    const error = params.get('error');
    if (error) {
      fail(
        params.get('error_description') ||
          LINKEDIN_MESSAGES.providerErrorFallback,
        LINKEDIN_MESSAGES.providerErrorTitle,
      );
      return;
    }
    const code = params.get('code');
    const rawState = params.get('state');
    const nonce = takeLinkedinNonce();
    if (!code || !rawState) {
      fail(LINKEDIN_MESSAGES.invalidParameters);
      return;
    }
    const state = decodeLinkedinState(rawState);
    if (!state) {
      fail(LINKEDIN_MESSAGES.invalidParameters);
      return;
    }
    if (!signedIn) {
      toast.info(LINKEDIN_MESSAGES.pendingTitle, {
        description: LINKEDIN_MESSAGES.pendingDescription,
      });
      done({ ok: false, message: LINKEDIN_MESSAGES.loginNeeded });
      return;
    }
    if (state.user_id !== session.session.user.id) {
      fail(LINKEDIN_MESSAGES.userMismatch);
      return;
    }
    // The state must be the one this tab sent (login CSRF).
    if (nonce !== state.nonce) {
      fail(LINKEDIN_MESSAGES.invalidParameters);
      return;
    }
    verify.mutate(
      {
        code,
        state: rawState,
        redirect_uri: `${window.location.origin}${paths.linkedinCallback}`,
        user_id: state.user_id,
        allow_different_emails: true,
      },
      {
        onSuccess: (answer) => {
          const description = answer.xpAwarded
            ? LINKEDIN_MESSAGES.successDescription
            : LINKEDIN_MESSAGES.alreadyVerifiedDescription;
          toast.success(LINKEDIN_MESSAGES.successTitle, { description });
          done({ ok: true, message: LINKEDIN_MESSAGES.successTitle });
        },
        onError: (err) => {
          const message =
            err.name === 'LinkedinVerificationError'
              ? LINKEDIN_MESSAGES.functionFailed
              : LINKEDIN_MESSAGES.unexpected;
          // The spec's text alone; a rate limit says when to retry.
          const retry = failureText(err, '');
          toast.error(message, retry ? { description: retry } : undefined);
          done({ ok: false, message });
        },
      },
    );
  }, [session, params, navigate, verify]);

  return (
    <div className="grid min-h-dvh place-items-center bg-surface px-4">
      <div className="flex max-w-sm flex-col items-center gap-4 text-center">
        {outcome ? (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            data-testid="linkedin-outcome"
            className={`text-base font-semibold ${outcome.ok ? 'text-green-700' : 'text-red-700'}`}
          >
            {outcome.message}
          </p>
        ) : (
          <>
            <Spinner label={LINKEDIN_MESSAGES.verifying} />
            <p className="text-base font-semibold">
              {LINKEDIN_MESSAGES.verifying}
            </p>
          </>
        )}
        {session.status === 'signed-out' && (
          <p className="text-sm text-ink-muted">
            {LINKEDIN_MESSAGES.loginNeeded}
          </p>
        )}
      </div>
    </div>
  );
}
