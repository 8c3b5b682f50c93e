import { browser } from '#imports';
import { useEffect, useState } from 'react';
import type { Client } from '@shared/data/client';
import { listBadgesEarnedSince } from '@shared/data/badges-earned';
import { createSessionHandoverHref } from '@shared/data/session-handover';
import type { BadgeDefinition } from '@shared/domain/badges';
import { paths } from '@shared/domain/app-paths';
import { signInHref } from '@shared/domain/return-path';
import { loadClient } from '@ext/api/use-popup-session';
import { useSubmitFlow } from '@ext/stores/submit-flow';
import { refreshStats } from '../hooks/use-popup-stats';
import { Success } from './success';

/**
 * After a submit: '+N XP' at once; the level progress and any badge this
 * feedback earned follow when they arrive (read after it, from the server).
 */
export function Sent({
  client,
  userId,
  points,
  createdAt,
  backendUrl,
}: {
  client: Client | null;
  userId: string;
  points: number;
  createdAt: string;
  backendUrl: string;
}) {
  const [total, setTotal] = useState<number | null>(null);
  const [badges, setBadges] = useState<BadgeDefinition[]>([]);
  const another = useSubmitFlow((s) => s.another);

  useEffect(() => {
    let active = true;
    const ready = client ? Promise.resolve(client) : loadClient();
    ready
      .then((c) => refreshStats(c, userId))
      .then(
        (s) => active && setTotal(s.total_points),
        () => undefined,
      );
    ready
      .then((c) => listBadgesEarnedSince(c, userId, createdAt))
      .then(
        (b) => active && setBadges(b),
        () => undefined,
      );
    return () => {
      active = false;
    };
    // The client arriving later must not read everything again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, createdAt]);

  const signIn = `${backendUrl}${signInHref(paths.dashboard)}`;
  // Signed in here, signed in there (#40 item 17): a one-time code opens
  // the dashboard signed in; without one, the web app asks to sign in.
  const openDashboard = async () => {
    let url = signIn;
    try {
      const c = client ?? (await loadClient());
      url = `${backendUrl}${await createSessionHandoverHref(c, paths.dashboard)}`;
    } catch {
      // Offline or refused: the sign-in page still gets them there.
    }
    await browser.tabs.create({ url });
  };

  return (
    <Success
      points={points}
      totalPoints={total}
      badges={badges}
      dashboardUrl={signIn}
      onOpenDashboard={() => void openDashboard()}
      onAnother={another}
    />
  );
}
