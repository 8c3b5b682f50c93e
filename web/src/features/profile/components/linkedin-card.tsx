import { LINKEDIN_MESSAGES, LINKEDIN_SCOPES } from '@shared/domain/linkedin';
import { LINKEDIN_VERIFIED_POINTS } from '@shared/domain/points';
import {
  linkedinConfig,
  startLinkedinVerification,
} from '@web/api/linkedin/start-linkedin';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

/** Profile Verification: Connect LinkedIn, or the Verified mark. */
export function LinkedinCard({
  userId,
  verified,
}: {
  userId: string;
  verified: boolean;
}) {
  const configured = linkedinConfig() !== null;
  return (
    <Card>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Profile Verification</h2>
          <p className="mt-1 text-sm text-ink-muted">
            {verified ? (
              // Done: no call to do it again (#40 item 20).
              <>
                Your LinkedIn account is verified: companies see your feedback
                as coming from a real person.
              </>
            ) : (
              <>
                Verify your LinkedIn account so companies can trust your
                feedback (+{LINKEDIN_VERIFIED_POINTS} XP).
              </>
            )}
          </p>
        </div>
        {verified ? (
          <span
            title={LINKEDIN_MESSAGES.verifiedTooltip}
            aria-label={LINKEDIN_MESSAGES.verifiedTooltip}
            data-testid="linkedin-verified"
            className="inline-flex items-center gap-1.5 self-start rounded-full bg-green-100 px-3 py-1.5 text-sm font-semibold text-green-800 sm:self-auto"
          >
            <span aria-hidden="true">✓</span> Verified
          </span>
        ) : configured ? (
          <Button
            className="self-start sm:self-auto"
            data-scopes={LINKEDIN_SCOPES}
            onClick={() => void startLinkedinVerification(userId)}
          >
            Connect LinkedIn
          </Button>
        ) : (
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <Button disabled aria-describedby="linkedin-not-configured">
              Connect LinkedIn
            </Button>
            <p id="linkedin-not-configured" className="text-xs text-ink-muted">
              {LINKEDIN_MESSAGES.notConfigured}
            </p>
          </div>
        )}
      </div>
    </Card>
  );
}
