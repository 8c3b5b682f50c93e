import { CONSUMER_BRAND } from '@shared/domain/brand';
import { LinkedinCallback } from '@web/features/profile/components/linkedin-callback';

/** /auth/linkedin/callback (consumer spec §2). */
export default function LinkedinCallbackRoute() {
  return (
    <>
      <title>{`LinkedIn Verification · ${CONSUMER_BRAND}`}</title>
      <LinkedinCallback />
    </>
  );
}
