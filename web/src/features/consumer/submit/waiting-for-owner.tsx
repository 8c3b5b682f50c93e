import { waitingNotice } from '@shared/domain/claims';
import { normalizeDomain } from '@shared/domain/domain-match';
import { useDomainClaim } from '@web/api/claims/claims';
import { useDebounced } from '@web/hooks/use-debounced';

/**
 * Where the author sends it (#35): when no company has verified the site,
 * say so before they send, and what that means for their XP. A failed
 * look-up shows nothing: it is a hint, never in the way of sending.
 */
export function WaitingForOwner({ websiteUrl }: { websiteUrl: string }) {
  const host = normalizeDomain(useDebounced(websiteUrl.trim(), 500));
  const claim = useDomainClaim(host);
  if (!host || !claim.data || claim.data.status === 'claimed') return null;
  return (
    <p
      role="note"
      data-testid="waiting-for-owner"
      className="rounded-xl border border-accent-200 bg-accent-50 px-3 py-2 text-sm text-accent-700"
    >
      <span aria-hidden="true">⏳ </span>
      {waitingNotice(host, claim.data.reports)}
    </p>
  );
}
