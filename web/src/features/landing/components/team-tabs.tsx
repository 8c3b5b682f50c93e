import { useState } from 'react';
import { onTabKey } from '@web/components/ui/tab-keys';

const TEAMS = [
  {
    key: 'marketing',
    label: 'Marketing',
    title: 'Know what your visitors feel',
    points: [
      'Spot confusing messages and broken campaign pages',
      'Sentiment on every feedback',
      'Ideas straight from your audience',
    ],
  },
  {
    key: 'product',
    label: 'Product',
    title: 'Prioritise with real signal',
    points: [
      'Feature requests with community votes',
      'Priority and quality estimates',
      'A status workflow the author follows live',
    ],
  },
  {
    key: 'design',
    label: 'Design',
    title: 'See the friction',
    points: [
      'UX improvements with screenshots',
      'Voice notes explaining what went wrong',
      'Filter by page and domain',
    ],
  },
  {
    key: 'engineering',
    label: 'Engineering',
    title: 'Reproduce bugs faster',
    points: [
      'Bug reports with the exact page and screenshot',
      'Suggested fixes from the AI step',
      'Webhooks into your own tools',
    ],
  },
] as const;

/**
 * Team tabs (marketing, product, design, engineering) of /companies, as the
 * WAI-ARIA tabs pattern: one tab in the Tab order (roving tabindex), arrow
 * keys, Home and End move and select (automatic activation).
 */
export function TeamTabs() {
  const [active, setActive] = useState<string>(TEAMS[0].key);
  const team = TEAMS.find((t) => t.key === active) ?? TEAMS[0];

  return (
    <div className="mx-auto max-w-3xl">
      <div
        role="tablist"
        aria-label="Teams"
        className="flex flex-wrap justify-center gap-1 rounded-2xl bg-brand-50 p-1 sm:rounded-full"
      >
        {TEAMS.map((t, i) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`team-tab-${t.key}`}
            aria-selected={t.key === active}
            aria-controls="team-panel"
            tabIndex={t.key === active ? 0 : -1}
            onClick={() => setActive(t.key)}
            onKeyDown={(e) =>
              onTabKey(e, i, TEAMS.length, (n) => setActive(TEAMS[n]!.key))
            }
            className={`rounded-full px-4 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-brand-600 ${t.key === active ? 'bg-white text-ink shadow-sm' : 'text-ink-muted hover:text-ink'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id="team-panel"
        role="tabpanel"
        tabIndex={0}
        aria-labelledby={`team-tab-${team.key}`}
        className="mt-6 rounded-2xl border border-line bg-white p-6"
      >
        <h3 className="text-xl font-bold">{team.title}</h3>
        <ul className="mt-4 flex flex-col gap-2 text-ink-muted">
          {team.points.map((p) => (
            <li key={p} className="flex gap-2">
              <span aria-hidden="true" className="text-brand-600">
                ✓
              </span>
              {p}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
