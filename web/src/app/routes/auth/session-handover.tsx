import { CONSUMER_BRAND } from '@shared/domain/brand';
import { SessionHandover } from '@web/features/auth/components/session-handover';

/** /auth/handover: the extension's "Open dashboard", signed in (#40 item 17). */
export default function SessionHandoverRoute() {
  return (
    <>
      <title>{`Signing in · ${CONSUMER_BRAND}`}</title>
      <SessionHandover />
    </>
  );
}
