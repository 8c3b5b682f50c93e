import { useEffect } from 'react';
import { toast } from '@web/lib/toast';
import { SESSION_ENDED } from '@shared/domain/session';
import { ACCOUNT_GONE } from '@shared/domain/validation/account-messages';
import { takeSessionEnd, useSession } from '@web/api/auth/use-session';

/**
 * Says why the app signed the user out when the server no longer knew the
 * stored session (account deleted, signed out everywhere).
 */
export function SessionEndedNotice() {
  const { status } = useSession();
  useEffect(() => {
    if (status !== 'signed-out') return;
    const reason = takeSessionEnd();
    if (!reason) return;
    const message = reason === 'account-gone' ? ACCOUNT_GONE : SESSION_ENDED;
    toast.error(message.title, {
      description: message.description,
      duration: 10_000,
    });
  }, [status]);
  return null;
}
