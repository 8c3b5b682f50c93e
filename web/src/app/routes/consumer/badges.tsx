import { format } from 'date-fns';
import {
  BADGE_EARNED_TAG,
  BADGE_NOT_EARNED_TAG,
  BADGES,
  badgeCountText,
} from '@shared/domain/badges';
import { useUserBadges } from '@web/api/stats/get-user-badges';
import { Skeleton } from '@web/components/ui/skeleton';
import { AppShell } from '@web/features/consumer/components/app-shell';
import { useSignedInUser } from '@web/hooks/use-signed-in-user';

/** /badges: all 10 badges, earned ones highlighted (consumer spec §2). */
export default function BadgesRoute() {
  const user = useSignedInUser();
  const badges = useUserBadges(user.id);
  const earned = new Map((badges.data ?? []).map((b) => [b.badge_key, b]));
  return (
    <AppShell title="My Badges">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        My Badges
      </h1>
      {badges.isPending ? (
        <div
          aria-busy="true"
          className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5"
        >
          <Skeleton className="h-5 w-40 sm:col-span-2 lg:col-span-5" />
          {BADGES.map((b) => (
            <Skeleton key={b.key} className="h-44" />
          ))}
        </div>
      ) : (
        <>
          <p className="mt-2 text-ink-muted" data-testid="badge-count">
            {badgeCountText(earned.size)}
          </p>
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {BADGES.map((b) => {
              const got = earned.get(b.key);
              return (
                <li
                  key={b.key}
                  data-badge={b.key}
                  data-earned={got ? 'true' : 'false'}
                  className={`flex flex-col items-center gap-2 rounded-2xl border p-4 text-center transition ${got ? 'border-brand-300 bg-white shadow-md shadow-brand-600/10' : 'border-line bg-surface'}`}
                >
                  {/* Locked: the emoji is dimmed; the text keeps its contrast. */}
                  <span
                    aria-hidden="true"
                    className={`text-4xl ${got ? '' : 'opacity-50 grayscale'}`}
                  >
                    {b.emoji}
                  </span>
                  <h2
                    className={`font-semibold ${got ? '' : 'text-ink-muted'}`}
                  >
                    {b.name}
                  </h2>
                  <p className="text-xs text-ink-muted">{b.description}</p>
                  {got ? (
                    <>
                      <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
                        {BADGE_EARNED_TAG}
                      </span>
                      <span className="text-xs text-ink-muted">
                        {format(new Date(got.earned_at), 'MMM d, yyyy')}
                      </span>
                    </>
                  ) : (
                    <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-semibold text-gray-600">
                      {BADGE_NOT_EARNED_TAG}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </AppShell>
  );
}
