import type { BadgeDefinition } from '@shared/domain/badges';
import { formatXp } from '@shared/domain/points';
import { levelProgress, MAX_LEVEL_TEXT } from '@shared/domain/levels';
import { Button } from '@ext/components/ui';

/** After a submit: the XP earned, any badge earned, the level progress and the dashboard link. */
export function Success({
  points,
  totalPoints,
  badges = [],
  dashboardUrl,
  onOpenDashboard,
  onAnother,
}: {
  points: number;
  totalPoints: number | null;
  /** Badges this submission earned: celebrated here, where they happened. */
  badges?: readonly BadgeDefinition[];
  /** Where the link leads without the handover: the web app's sign-in. */
  dashboardUrl: string;
  /** Opens the dashboard signed in; the plain link is the fallback. */
  onOpenDashboard?: () => void;
  onAnother: () => void;
}) {
  const progress = totalPoints === null ? null : levelProgress(totalPoints);
  return (
    <div
      className="flex flex-col items-center gap-3 py-4 text-center"
      role="status"
    >
      <p className="text-xs font-medium text-ink-muted">Feedback submitted!</p>
      <p className="text-4xl font-bold text-brand-600" data-testid="xp-earned">
        {formatXp(points)}
      </p>
      <p className="text-xs text-ink-muted">Thank you for your feedback.</p>
      {badges.length > 0 && (
        <ul
          className="flex w-full flex-col gap-1.5"
          aria-label={badges.length === 1 ? 'New badge' : 'New badges'}
          data-testid="badges-earned"
        >
          {badges.map((b) => (
            <li
              key={b.key}
              className="flex items-center gap-2 rounded-lg border border-accent-500/40 bg-orange-50 px-3 py-2 text-left"
            >
              <span className="text-2xl" aria-hidden>
                {b.emoji}
              </span>
              <span>
                <span className="block text-sm font-semibold">
                  New badge: {b.name}
                </span>
                <span className="block text-xs text-ink-muted">
                  {b.description}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {progress && (
        <div
          className="w-full rounded-lg border border-line bg-white p-3 text-left"
          data-testid="level-progress"
        >
          <div className="flex justify-between text-xs">
            <span className="font-semibold">Level {progress.level}</span>
            <span className="text-ink-muted">{progress.points} XP</span>
          </div>
          {progress.isMaxLevel ? (
            <p className="mt-1 text-xs text-ink-muted">{MAX_LEVEL_TEXT}</p>
          ) : (
            <>
              <div
                className="mt-2 h-2 overflow-hidden rounded-full bg-brand-100"
                role="progressbar"
                aria-valuenow={progress.percent}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-label="Progress to the next level"
              >
                <div
                  className="h-full bg-brand-600"
                  style={{ width: `${progress.percent}%` }}
                />
              </div>
              <p className="mt-1 text-xs text-ink-muted">
                {progress.pointsToNext} XP to level {progress.level + 1}
              </p>
            </>
          )}
        </div>
      )}
      <div className="flex w-full gap-2">
        <a
          href={dashboardUrl}
          target="_blank"
          rel="noreferrer"
          onClick={
            onOpenDashboard &&
            ((event) => {
              event.preventDefault();
              onOpenDashboard();
            })
          }
          className="flex-1 rounded-lg bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          Open dashboard
        </a>
        <Button variant="outline" className="flex-1" onClick={onAnother}>
          Send another
        </Button>
      </div>
    </div>
  );
}
