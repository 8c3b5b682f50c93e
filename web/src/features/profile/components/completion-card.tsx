import {
  PROFILE_COMPLETE_TEXT,
  PROFILE_SECTIONS,
  PROFILE_SECTION_LABELS,
  profileCompleteness,
} from '@shared/domain/profile-completeness';
import type { Profile } from '@shared/data/profiles';
import { Card } from '@web/components/ui/card';

/**
 * General / Job / Interests tiles of the saved profile. 'Complete - 30 XP
 * Earned!' appears once the server stamped the profile complete.
 */
export function CompletionCard({ profile }: { profile: Profile }) {
  const sections = profileCompleteness(profile);
  const complete = profile.profile_completed_at !== null && sections.complete;
  return (
    <Card data-testid="completion-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Profile Completion</h2>
        {complete ? (
          <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">
            {PROFILE_COMPLETE_TEXT}
          </span>
        ) : (
          <span className="text-sm text-ink-muted">
            Complete all three sections to earn 30 XP
          </span>
        )}
      </div>
      <ul className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
        {PROFILE_SECTIONS.map((s) => (
          <li
            key={s}
            data-section={s}
            data-complete={sections[s]}
            className={`rounded-xl border p-3 text-center ${
              sections[s]
                ? 'border-green-200 bg-green-50 text-green-800'
                : 'border-line bg-surface text-ink-muted'
            }`}
          >
            <span aria-hidden="true" className="block text-lg">
              {sections[s] ? '✓' : '○'}
            </span>
            <span className="block text-sm font-semibold">
              {PROFILE_SECTION_LABELS[s]}
            </span>
            <span className="block text-xs">
              {sections[s] ? 'Complete' : 'Incomplete'}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
