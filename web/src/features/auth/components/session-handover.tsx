import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SessionHandoverError } from '@shared/data/session-handover';
import { signInHref } from '@shared/domain/return-path';
import { SESSION_HANDOVER_MESSAGES } from '@shared/domain/session-handover';
import { useRedeemSessionHandover } from '@web/api/auth/session-handover';
import { buttonClass } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import {
  forgetSessionHandover,
  peekSessionHandover,
} from '@web/lib/session-handover-fragment';

/**
 * Where the extension's "Open dashboard" lands (#40 item 17): the one-time
 * code taken from the address signs this browser in as the extension's
 * account, then the page goes on to where the extension pointed (the
 * dashboard). A used, expired or missing code asks to sign in, returning to
 * the same place.
 */
export function SessionHandover() {
  const navigate = useNavigate();
  const redeem = useRedeemSessionHandover();
  // Read during the first render, spent by the effect below.
  const [{ code, next }] = useState(peekSessionHandover);
  const to = next ?? paths.dashboard;
  const started = useRef(false);

  useEffect(() => {
    // Once per page (StrictMode runs effects twice in development).
    if (!code || started.current) return;
    started.current = true;
    forgetSessionHandover();
    redeem.mutate(code, {
      onSuccess: () => void navigate(to, { replace: true }),
    });
  }, [code, to, redeem, navigate]);

  const failed = !code
    ? SESSION_HANDOVER_MESSAGES.expired
    : redeem.error
      ? redeem.error instanceof SessionHandoverError
        ? redeem.error.message
        : SESSION_HANDOVER_MESSAGES.failed
      : null;

  return (
    <main className="grid min-h-dvh place-items-center bg-surface px-4">
      <div className="flex max-w-sm flex-col items-center gap-4 text-center">
        {failed !== null ? (
          <>
            <div role="alert">
              <h1
                data-testid="handover-outcome"
                className="text-base font-semibold text-ink"
              >
                {failed}
              </h1>
            </div>
            <Link
              to={signInHref(to)}
              replace
              className={buttonClass('primary')}
            >
              {SESSION_HANDOVER_MESSAGES.signIn}
            </Link>
          </>
        ) : (
          <>
            <Spinner label={SESSION_HANDOVER_MESSAGES.signingIn} />
            <h1 className="text-base font-semibold">
              {SESSION_HANDOVER_MESSAGES.signingIn}
            </h1>
          </>
        )}
      </div>
    </main>
  );
}
