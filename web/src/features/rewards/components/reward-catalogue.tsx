import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Reward, RewardSort } from '@shared/data/rewards';
import { isRewardUnlocked, rewardLockedText } from '@shared/domain/rewards';
import { useRewardClaims } from '@web/api/rewards/get-reward-claims';
import { useRewards } from '@web/api/rewards/get-rewards';
import { useUserStats } from '@web/api/stats/get-user-stats';
import { Button } from '@web/components/ui/button';
import { inputClass } from '@web/components/ui/field';
import { Skeleton } from '@web/components/ui/skeleton';
import { RewardDialog } from './reward-dialog';
import { filterNavigation } from '@web/lib/filter-history';

const ICONS: Record<string, string> = {
  physical: '📦',
  digital: '💻',
  discount: '🏷️',
  donation: '🌱',
  subscription: '🔁',
  voucher: '🎟️',
  experience: '✨',
};

function FilterButtons({
  label,
  values,
  selected,
  onSelect,
}: {
  label: string;
  values: string[];
  selected: string | null;
  onSelect: (value: string | null) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap items-center gap-2"
    >
      <span
        aria-hidden="true"
        className="w-20 text-sm font-medium text-ink-muted"
      >
        {label}
      </span>
      {values.map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={selected === v}
          onClick={() => onSelect(selected === v ? null : v)}
          className={`rounded-full border px-3 py-1 text-sm font-medium capitalize ${
            selected === v
              ? 'border-brand-600 bg-brand-600 text-white'
              : 'border-line bg-white text-ink hover:bg-brand-50'
          }`}
        >
          {v}
        </button>
      ))}
    </div>
  );
}

/**
 * The catalogue (consumer spec §2 "Rewards"): search, category and type
 * filters and the sort live in the URL; locked rewards are blurred.
 */
export function RewardCatalogue({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const sort: RewardSort =
    params.get('sort') === 'recent' ? 'recent' : 'popular';
  const q = params.get('q') ?? '';
  const category = params.get('category');
  const type = params.get('type');
  const rewards = useRewards(sort);
  const stats = useUserStats(userId);
  const claims = useRewardClaims(userId);
  const [open, setOpen] = useState<Reward | null>(null);
  const level = stats.data?.current_level ?? 0;

  const change = (edit: (p: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    edit(next);
    setParams(next, filterNavigation(params, next, 'q'));
  };
  const setParam = (key: string, value: string | null) =>
    change((p) => {
      if (value === null || value === '') p.delete(key);
      else p.set(key, value);
    });

  const all = rewards.data ?? [];
  const categories = [...new Set(all.map((r) => r.category))].sort();
  const types = [...new Set(all.map((r) => r.type))].sort();
  const needle = q.trim().toLowerCase();
  const shown = all.filter(
    (r) =>
      (!category || r.category === category) &&
      (!type || r.type === type) &&
      (needle === '' ||
        r.title.toLowerCase().includes(needle) ||
        r.description.toLowerCase().includes(needle)),
  );
  const filtered = q !== '' || category !== null || type !== null;

  return (
    <>
      <div className="mt-6 flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <label htmlFor="reward-search" className="sr-only">
            Search rewards
          </label>
          <input
            id="reward-search"
            type="search"
            placeholder="Search rewards..."
            className={`${inputClass} sm:max-w-sm`}
            value={q}
            onChange={(e) => setParam('q', e.target.value)}
          />
          <div
            role="group"
            aria-label="Sort"
            className="inline-flex self-start rounded-full border border-line bg-white p-1 sm:ml-auto"
          >
            {(['popular', 'recent'] as const).map((s) => (
              <button
                key={s}
                type="button"
                aria-pressed={sort === s}
                onClick={() => setParam('sort', s === 'popular' ? null : s)}
                className={`rounded-full px-3 py-1 text-sm font-medium ${
                  sort === s ? 'bg-brand-600 text-white' : 'text-ink-muted'
                }`}
              >
                {s === 'popular' ? 'Popular' : 'Recent'}
              </button>
            ))}
          </div>
        </div>
        <FilterButtons
          label="Category"
          values={categories}
          selected={category}
          onSelect={(v) => setParam('category', v)}
        />
        <FilterButtons
          label="Type"
          values={types}
          selected={type}
          onSelect={(v) => setParam('type', v)}
        />
        {filtered && (
          <div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                change((p) => {
                  p.delete('q');
                  p.delete('category');
                  p.delete('type');
                })
              }
            >
              Clear filters
            </Button>
          </div>
        )}
      </div>

      {rewards.isPending ? (
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : shown.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-brand-200 bg-white px-6 py-10 text-center">
          <h2 className="font-semibold">No rewards found</h2>
          <p className="mt-1 text-sm text-ink-muted">
            Try adjusting your filters or search query.
          </p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((r) => {
            const unlocked = isRewardUnlocked(level, r.access_level);
            return (
              <li key={r.id} className="relative" data-testid="reward-card">
                <button
                  type="button"
                  disabled={!unlocked}
                  onClick={() => setOpen(r)}
                  className="flex h-full w-full flex-col gap-2 rounded-2xl border border-line bg-white p-5 text-left shadow-sm transition hover:border-brand-300 disabled:cursor-not-allowed"
                >
                  {/* Named by its visible text; a locked card by what it is and how to unlock it. */}
                  {!unlocked && (
                    <span className="sr-only">
                      {`${r.title}: ${rewardLockedText(r.access_level)}`}
                    </span>
                  )}
                  <div
                    className={`flex h-full w-full flex-col gap-2 ${unlocked ? '' : 'blur-[3px] select-none'}`}
                    aria-hidden={!unlocked || undefined}
                  >
                    <span className="text-3xl" aria-hidden="true">
                      {ICONS[r.type] ?? '🎁'}
                    </span>
                    <span className="font-semibold">{r.title}</span>
                    <span className="text-sm text-ink-muted">
                      {r.description}
                    </span>
                    <span className="mt-auto flex flex-wrap gap-2 pt-2 text-xs">
                      <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700">
                        {r.category}
                      </span>
                      <span className="rounded-full bg-surface px-2 py-0.5 font-medium text-ink-muted capitalize">
                        {r.type}
                      </span>
                    </span>
                  </div>
                </button>
                {!unlocked && (
                  <span className="pointer-events-none absolute inset-0 grid place-items-center">
                    <span className="rounded-full bg-ink/85 px-3 py-1.5 text-sm font-semibold text-white">
                      🔒 {rewardLockedText(r.access_level)}
                    </span>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {(claims.data ?? []).length > 0 && (
        <section className="mt-10" aria-labelledby="my-claims">
          <h2 id="my-claims" className="text-lg font-semibold">
            My claimed rewards
          </h2>
          <ul className="mt-3 flex flex-col divide-y divide-line rounded-2xl border border-line bg-white">
            {(claims.data ?? []).map((c) => (
              <li
                key={c.id}
                data-testid="reward-claim"
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
              >
                <span className="font-medium">
                  {all.find((r) => r.id === c.reward_id)?.title ?? 'Reward'}
                </span>
                <span className="font-mono text-sm font-semibold tracking-wider select-all">
                  {c.code}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <RewardDialog
        reward={open}
        userId={userId}
        claim={claims.data?.find((c) => c.reward_id === open?.id) ?? null}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
