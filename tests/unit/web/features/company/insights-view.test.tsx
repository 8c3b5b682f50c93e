import {
  cleanup,
  fireEvent,
  render,
  screen,
  within,
} from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyInsights, InsightWeek } from '@shared/data/insights';

// #22: the Insights view draws its charts on canvas (uPlot, mocked here) and
// gives every chart's numbers as a table for screen readers.
const insights = vi.hoisted(() => ({ current: undefined as unknown }));
const charts = vi.hoisted(
  () => [] as { series: { label: string; values: (number | null)[] }[] }[],
);
vi.mock('@web/api/companies/insights', () => ({
  useCompanyInsights: () => insights.current,
}));
vi.mock('@web/features/company/components/company-header', () => ({
  CompanyHeader: () => <header>header</header>,
}));
vi.mock('@web/features/company/insights/uplot-chart', () => ({
  UPlotChart: (props: {
    series: { label: string; values: (number | null)[] }[];
  }) => {
    charts.push(props);
    return <div data-testid="chart" />;
  },
}));

const { InsightsView } =
  await import('@web/features/company/insights/insights-view');

const week = (w: string, over: Partial<InsightWeek>): InsightWeek => ({
  week: w,
  total: 0,
  answered: 0,
  bug: 0,
  feature: 0,
  improvement: 0,
  other: 0,
  uncategorised: 0,
  positive: 0,
  neutral: 0,
  negative: 0,
  unknown: 0,
  ...over,
});

const DATA: CompanyInsights = {
  weeks: 2,
  from: '2026-11-16',
  generated_at: '2026-11-26T10:00:00Z',
  total: 7,
  answered: 3,
  per_week: [
    week('2026-11-16', {
      total: 3,
      answered: 2,
      bug: 1,
      improvement: 2,
      positive: 3,
    }),
    week('2026-11-23', {
      total: 4,
      answered: 1,
      bug: 2,
      feature: 2,
      negative: 1,
      neutral: 3,
    }),
  ],
  completion: { completed: 2, median_hours: 36, p75_hours: 42 },
  completion_per_week: [
    { week: '2026-11-16', completed: 2, median_hours: 36, p75_hours: 42 },
    { week: '2026-11-23', completed: 0, median_hours: null, p75_hours: null },
  ],
  top_topics: [
    {
      id: 't1',
      title: 'Checkout',
      status: 'in_progress',
      feedback: 3,
      contributors: 2,
    },
  ],
  rising_topics: [
    {
      id: 't1',
      title: 'Checkout',
      status: 'in_progress',
      recent: 2,
      previous: 1,
    },
  ],
};

const company = { id: 'c', company_name: 'X' } as never;
function show(data: CompanyInsights) {
  insights.current = { data, isPending: false, isError: false };
  charts.length = 0;
  render(
    <MemoryRouter>
      <InsightsView company={company} />
    </MemoryRouter>,
  );
}
afterEach(cleanup);

describe('InsightsView', () => {
  it('gives each chart its numbers as a table', () => {
    show(DATA);
    const categories = screen.getByRole('table', {
      name: 'Feedback per week by category',
    });
    const rows = within(categories).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Week ofBugsFeaturesImprovementsTotal',
      '16 Nov1023',
      '23 Nov2204',
    ]);
    const answered = screen.getByRole('table', { name: 'Share answered' });
    expect(within(answered).getAllByRole('row')[1]!.textContent).toBe(
      '16 Nov3267%',
    );
    expect(within(answered).getAllByRole('row')[2]!.textContent).toBe(
      '23 Nov4125%',
    );
    const completion = screen.getByRole('table', { name: 'Time to complete' });
    expect(within(completion).getAllByRole('row')[1]!.textContent).toBe(
      '16 Nov236 h42 h',
    );
    expect(within(completion).getAllByRole('row')[2]!.textContent).toBe(
      '23 Nov0——',
    );
    // The legend names no unit: the axis and the tiles say hours or days
    // as the values call for (#40 item 8).
    const legend = charts.find((c) =>
      c.series.some((s) => s.label === 'Median'),
    )!;
    expect(legend.series.map((s) => s.label)).toEqual(['Median', '75% within']);
    // Stacked: the charts get running sums, bottom first.
    expect(charts[0]!.series.map((s) => [s.label, s.values])).toEqual([
      ['Bugs', [1, 2]],
      ['Features', [1, 4]],
      ['Improvements', [3, 4]],
    ]);
  });

  it('summarises the period and lists top and rising topics', () => {
    show(DATA);
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    expect(summary.getByText('7')).toBeTruthy();
    expect(summary.getByText('43%')).toBeTruthy();
    expect(summary.getByText('36 h')).toBeTruthy();
    expect(summary.getByText('42 h')).toBeTruthy();
    expect(screen.getByText('2 this week, 1 the week before')).toBeTruthy();
    expect(screen.getByText(/3 feedback · 2/)).toBeTruthy();
  });

  it('shows the tables on request', () => {
    show(DATA);
    const toggle = screen.getAllByRole('button', { name: 'Show numbers' })[0]!;
    const table = screen.getByRole('table', {
      name: 'Feedback per week by category',
    });
    expect(table.parentElement!.className).toBe('sr-only');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(table.parentElement!.className).not.toContain('sr-only');
  });

  it('says when nothing arrived yet, without charts', () => {
    show({
      ...DATA,
      total: 0,
      answered: 0,
      per_week: DATA.per_week.map((w) => week(w.week, {})),
      completion: { completed: 0, median_hours: null, p75_hours: null },
      completion_per_week: DATA.completion_per_week.map((w) => ({
        ...w,
        completed: 0,
        median_hours: null,
        p75_hours: null,
      })),
      top_topics: [],
      rising_topics: [],
    });
    expect(
      screen.getByRole('heading', { name: 'No feedback yet' }),
    ).toBeTruthy();
    expect(screen.queryAllByTestId('chart')).toEqual([]);
    expect(screen.getByText(/No confirmed topics yet/)).toBeTruthy();
  });
});
