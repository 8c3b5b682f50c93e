import { format } from 'date-fns';
import {
  actionTypeLabel,
  FIRST_FEEDBACK_BONUS_POINTS,
  formatXp,
  LINKEDIN_VERIFIED_POINTS,
  PROFILE_COMPLETED_POINTS,
  REFERRAL_POINTS,
} from '@shared/domain/points';
import { useUserPoints } from '@web/api/stats/get-user-points';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { AppShell } from '@web/features/consumer/components/app-shell';
import { useSignedInUser } from '@web/hooks/use-signed-in-user';

const HOW_TO = [
  {
    icon: '💬',
    title: 'Share feedback',
    text: `5 XP per feedback, +1 with a screenshot, +1 with audio, and +${FIRST_FEEDBACK_BONUS_POINTS} for your first one.`,
  },
  {
    icon: '👤',
    title: 'Complete your profile',
    text: `+${PROFILE_COMPLETED_POINTS} XP once your profile is complete, and +${LINKEDIN_VERIFIED_POINTS} XP for verifying LinkedIn.`,
  },
  {
    icon: '🤝',
    title: 'Invite friends',
    text: `+${REFERRAL_POINTS} XP for you and for each friend who joins with your link, once they've confirmed their e-mail and sent their first feedback.`,
  },
];

const ICONS: Record<string, string> = {
  feedback_submitted: '💬',
  first_feedback: '🎯',
  profile_completed: '👤',
  linkedin_verified: '🔗',
  referral_bonus: '🎁',
  referral_completed: '🤝',
  feedback_completed: '✅',
  spam_reversal: '⚠️',
};

/** /experience: how to earn XP and the history (consumer spec §2). */
export default function ExperienceRoute() {
  const user = useSignedInUser();
  const points = useUserPoints(user.id);
  return (
    <AppShell title="Experience">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
        How to Earn Experience
      </h1>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {HOW_TO.map((h) => (
          <Card key={h.title}>
            <span aria-hidden="true" className="text-3xl">
              {h.icon}
            </span>
            <h2 className="mt-2 font-semibold">{h.title}</h2>
            <p className="mt-1 text-sm text-ink-muted">{h.text}</p>
          </Card>
        ))}
      </div>
      <h2 className="mt-10 text-xl font-bold">My Experience</h2>
      {points.isPending ? (
        <div className="mt-4 flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : !points.data || points.data.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-brand-200 bg-white px-6 py-10 text-center">
          <h3 className="font-semibold">No experience earned yet</h3>
          <p className="mt-1 text-sm text-ink-muted">
            Start earning experience by submitting feedback!
          </p>
        </div>
      ) : (
        <ul className="mt-4 flex flex-col gap-2" data-testid="xp-history">
          {points.data.map((p) => (
            <li
              key={p.id}
              className="flex items-center gap-4 rounded-2xl border border-line bg-white p-4"
            >
              <span aria-hidden="true" className="text-2xl">
                {ICONS[p.action_type] ?? '⭐'}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium capitalize">
                  {actionTypeLabel(p.action_type)}
                </p>
                <p className="text-xs text-ink-muted">
                  {format(new Date(p.created_at), 'MMM d, yyyy · HH:mm')}
                </p>
              </div>
              <span
                className={`font-bold ${p.points < 0 ? 'text-red-700' : 'text-green-700'}`}
              >
                {formatXp(p.points)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </AppShell>
  );
}
