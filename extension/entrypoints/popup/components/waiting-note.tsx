import { useEffect, useState } from 'react';
import type { Client } from '@shared/data/client';
import { getDomainClaim } from '@shared/data/claims';
import { waitingNotice } from '@shared/domain/claims';
import { normalizeDomain } from '@shared/domain/domain-match';

/**
 * Where the author sends it (#35): when no company has verified the site,
 * say so before they send, and what that means for their XP, as the web
 * form does. A failed look-up shows nothing: it is a hint, never in the way.
 */
export function WaitingNote({
  client,
  websiteUrl,
}: {
  client: Client;
  websiteUrl: string;
}) {
  const host = normalizeDomain(websiteUrl);
  // Keyed by host: an answer about another page never shows here.
  const [unclaimed, setUnclaimed] = useState<{
    host: string;
    bucket: number;
  } | null>(null);
  useEffect(() => {
    let active = true;
    if (!host) return;
    getDomainClaim(client, host).then(
      (claim) => {
        if (active && claim.status !== 'claimed')
          setUnclaimed({ host, bucket: claim.reports });
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [client, host]);
  if (!host || unclaimed?.host !== host) return null;
  const { bucket } = unclaimed;
  return (
    <p
      role="note"
      data-testid="waiting-for-owner"
      className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-xs text-brand-700"
    >
      <span aria-hidden="true">⏳ </span>
      {waitingNotice(host, bucket)}
    </p>
  );
}
