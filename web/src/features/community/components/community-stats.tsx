import { useCommunityStats } from '@web/api/community/get-community-stats';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';

/** Stat cards 'Total Feedback' and 'Companies Helped'. */
export function CommunityStats() {
  const stats = useCommunityStats();
  const cards = [
    {
      label: 'Total Feedback',
      icon: '💬',
      value: stats.data?.totalFeedbacks ?? 0,
      testId: 'community-total-feedback',
    },
    {
      label: 'Companies Helped',
      icon: '🏢',
      value: stats.data?.uniqueCompanies ?? 0,
      testId: 'community-companies',
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4">
      {cards.map((c) => (
        <Card key={c.label} className="flex flex-col gap-2">
          <div className="flex items-center justify-between text-sm font-medium text-ink-muted">
            <span>{c.label}</span>
            <span aria-hidden="true" className="text-xl">
              {c.icon}
            </span>
          </div>
          {stats.isPending ? (
            <Skeleton className="h-9 w-16" />
          ) : (
            <p className="text-3xl font-bold" data-testid={c.testId}>
              {c.value.toLocaleString('en')}
            </p>
          )}
        </Card>
      ))}
    </div>
  );
}
