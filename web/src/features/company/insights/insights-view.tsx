import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Company } from '@shared/data/companies';
import {
  INSIGHT_CATEGORIES,
  INSIGHT_SENTIMENTS,
  type CompanyInsights,
} from '@shared/data/insights';
import { COMPANY_BRAND } from '@shared/domain/brand';
import {
  CATEGORY_LABELS,
  DEFAULT_INSIGHT_WEEKS,
  INSIGHT_WEEK_CHOICES,
  SENTIMENT_LABELS,
  answeredSeries,
  answeredShare,
  formatHours,
  medianSeries,
  presentKeys,
  seriesOf,
  stack,
  weekLabel,
  weekSeconds,
} from '@shared/domain/insights';
import { useCompanyInsights } from '@web/api/companies/insights';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { StatusBadge } from '@web/components/ui/status-badge';
import { paths } from '@web/config/paths';
import { CompanyHeader } from '../components/company-header';
import { ChartCard } from './chart-card';
import type { ChartSeries } from './uplot-chart';

const CATEGORY_COLORS = {
  bug: '#e65617',
  feature: '#6d33ef',
  improvement: '#0e9f6e',
  other: '#9d80ff',
  uncategorised: '#b8b4c8',
} as const;
const SENTIMENT_COLORS = {
  positive: '#0e9f6e',
  neutral: '#9d80ff',
  negative: '#e65617',
  unknown: '#b8b4c8',
} as const;

function Stat({
  label,
  value,
  note,
}: {
  label: string;
  value: string;
  note?: string;
}) {
  return (
    <Card className="min-w-0 !p-4">
      <p className="text-sm text-ink-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {note && <p className="mt-1 text-xs text-ink-muted">{note}</p>}
    </Card>
  );
}

const percent = (v: number) => `${v}%`;

function Charts({ data }: { data: CompanyInsights }) {
  const x = useMemo(() => weekSeconds(data.per_week), [data]);
  const rows = useMemo(
    () => data.per_week.map((w) => weekLabel(w.week)),
    [data],
  );
  const categories = useMemo(() => {
    const keys = presentKeys(data.per_week, INSIGHT_CATEGORIES);
    const sums = stack(seriesOf(data.per_week, keys));
    return {
      series: keys.map<ChartSeries>((k, i) => ({
        label: CATEGORY_LABELS[k],
        color: CATEGORY_COLORS[k],
        values: sums[i]!,
        bars: true,
      })),
      columns: [
        ...keys.map((k) => ({
          label: CATEGORY_LABELS[k],
          cells: data.per_week.map((w) => String(w[k])),
        })),
        { label: 'Total', cells: data.per_week.map((w) => String(w.total)) },
      ],
    };
  }, [data]);
  const sentiment = useMemo(() => {
    const keys = presentKeys(data.per_week, INSIGHT_SENTIMENTS);
    const sums = stack(seriesOf(data.per_week, keys));
    return {
      series: keys.map<ChartSeries>((k, i) => ({
        label: SENTIMENT_LABELS[k],
        color: SENTIMENT_COLORS[k],
        values: sums[i]!,
        bars: true,
      })),
      columns: keys.map((k) => ({
        label: SENTIMENT_LABELS[k],
        cells: data.per_week.map((w) => String(w[k])),
      })),
    };
  }, [data]);
  const completion = useMemo(() => {
    const weeks = data.completion_per_week;
    return {
      x: weekSeconds(weeks),
      series: [
        {
          label: 'Median',
          color: '#6d33ef',
          values: medianSeries(weeks),
        },
        {
          label: '75% within',
          color: '#fb7231',
          values: weeks.map((w) => (w.completed > 0 ? w.p75_hours : null)),
        },
      ] satisfies ChartSeries[],
      rows: weeks.map((w) => weekLabel(w.week)),
      columns: [
        { label: 'Completed', cells: weeks.map((w) => String(w.completed)) },
        {
          label: 'Median',
          cells: weeks.map((w) => formatHours(w.median_hours)),
        },
        {
          label: '75% within',
          cells: weeks.map((w) => formatHours(w.p75_hours)),
        },
      ],
    };
  }, [data]);
  const answered = useMemo(
    () => ({
      series: [
        {
          label: 'Answered (%)',
          color: '#0e9f6e',
          values: answeredSeries(data.per_week),
        },
      ] satisfies ChartSeries[],
      columns: [
        { label: 'Arrived', cells: data.per_week.map((w) => String(w.total)) },
        {
          label: 'Answered',
          cells: data.per_week.map((w) => String(w.answered)),
        },
        {
          label: 'Share',
          cells: answeredSeries(data.per_week).map((v) =>
            v === null ? '—' : `${v}%`,
          ),
        },
      ],
    }),
    [data],
  );
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard
        title="Feedback per week by category"
        description="What arrived each week on your verified domains."
        x={x}
        series={categories.series}
        rows={rows}
        columns={categories.columns}
      />
      <ChartCard
        title="Sentiment over time"
        description="The tone the AI read in each week's feedback."
        x={x}
        series={sentiment.series}
        rows={rows}
        columns={sentiment.columns}
      />
      <ChartCard
        title="Time to complete"
        description="From arrival to completed, for feedback completed each week."
        x={completion.x}
        series={completion.series}
        rows={completion.rows}
        columns={completion.columns}
        format={formatHours}
      />
      <ChartCard
        title="Share answered"
        description="Feedback your team wrote to, or moved to in progress, completed or rejected."
        x={x}
        series={answered.series}
        rows={rows}
        columns={answered.columns}
        format={percent}
      />
    </div>
  );
}

function Topics({ data }: { data: CompanyInsights }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="text-lg font-bold">Top topics</h2>
        <p className="mt-1 text-sm text-ink-muted">
          Confirmed topics with the most feedback in these weeks.
        </p>
        {data.top_topics.length === 0 ? (
          <p className="mt-4 text-sm text-ink-muted">
            No confirmed topics yet. Group feedback that describe the same thing
            into topics to see them here.
          </p>
        ) : (
          <ol className="mt-4 flex flex-col gap-3">
            {data.top_topics.map((t) => (
              <li
                key={t.id}
                className="flex flex-wrap items-center justify-between gap-2"
              >
                <span className="min-w-0 font-medium break-words">
                  {t.title}
                </span>
                <span className="flex items-center gap-2 text-sm text-ink-muted">
                  {t.feedback} feedback · {t.contributors}{' '}
                  {t.contributors === 1 ? 'person' : 'people'}
                  <StatusBadge status={t.status} />
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card>
        <h2 className="text-lg font-bold">Rising topics</h2>
        <p className="mt-1 text-sm text-ink-muted">
          More feedback confirmed in the last 7 days than in the 7 before.
        </p>
        {data.rising_topics.length === 0 ? (
          <p className="mt-4 text-sm text-ink-muted">
            No topic is rising this week.
          </p>
        ) : (
          <ol className="mt-4 flex flex-col gap-3">
            {data.rising_topics.map((t) => (
              <li
                key={t.id}
                className="flex flex-wrap items-center justify-between gap-2"
              >
                <span className="min-w-0 font-medium break-words">
                  {t.title}
                </span>
                <span className="text-sm text-ink-muted">
                  {t.recent} this week, {t.previous} the week before
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}

/** /company-dashboard/insights (#22). */
export function InsightsView({ company }: { company: Company }) {
  const [weeks, setWeeks] = useState<number>(DEFAULT_INSIGHT_WEEKS);
  const insights = useCompanyInsights(weeks);
  const data = insights.data;
  const share = data ? answeredShare(data.answered, data.total) : null;
  return (
    <div className="min-h-dvh bg-surface">
      <title>{`Insights · ${COMPANY_BRAND}`}</title>
      <CompanyHeader company={company} />
      <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <Link
          to={paths.companyDashboard}
          className="rounded text-sm font-medium text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          ← Back to dashboard
        </Link>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            Insights
          </h1>
          <label className="flex items-center gap-2 text-sm font-medium">
            Period
            <select
              value={weeks}
              onChange={(e) => setWeeks(Number(e.target.value))}
              className="rounded-lg border border-line bg-white px-2 py-1.5 text-sm"
            >
              {INSIGHT_WEEK_CHOICES.map((n) => (
                <option key={n} value={n}>
                  Last {n} weeks
                </option>
              ))}
            </select>
          </label>
        </div>
        {insights.isError && (
          <p
            role="alert"
            className="mt-6 rounded-xl bg-white px-4 py-3 text-sm text-red-700 shadow-sm"
          >
            The insights could not be loaded: {insights.error.message}{' '}
            <button
              type="button"
              className="font-medium underline"
              onClick={() => insights.refetch()}
            >
              Try again
            </button>
          </p>
        )}
        {insights.isPending && (
          <div className="mt-6 grid gap-6 lg:grid-cols-2" aria-busy="true">
            <Skeleton className="h-72" />
            <Skeleton className="h-72" />
          </div>
        )}
        {data && (
          <div className="mt-6 flex flex-col gap-6">
            <section
              aria-label="Summary"
              className="grid grid-cols-2 gap-3 md:grid-cols-4"
            >
              <Stat
                label="Feedback"
                value={String(data.total)}
                note={`in ${data.weeks} weeks`}
              />
              <Stat
                label="Answered"
                value={share === null ? '—' : `${share}%`}
                note={`${data.answered} of ${data.total}`}
              />
              <Stat
                label="Median to complete"
                value={formatHours(data.completion.median_hours)}
                note={`${data.completion.completed} completed`}
              />
              <Stat
                label="75% completed within"
                value={formatHours(data.completion.p75_hours)}
              />
            </section>
            {data.total === 0 && data.completion.completed === 0 ? (
              <Card>
                <h2 className="text-lg font-bold">No feedback yet</h2>
                <p className="mt-1 text-sm text-ink-muted">
                  Nothing arrived on your verified domains in the last{' '}
                  {data.weeks} weeks. When it does, the weeks show here.
                </p>
              </Card>
            ) : (
              <Charts data={data} />
            )}
            <Topics data={data} />
            <p className="text-xs text-ink-muted">
              Weeks start on Monday (UTC). Counts include only feedback on your
              verified domains.{' '}
              <Link
                to={paths.companySettings + '#weekly-summary'}
                className="underline"
              >
                Get a weekly summary by e-mail
              </Link>
              .
            </p>
          </div>
        )}
      </main>
    </div>
  );
}
