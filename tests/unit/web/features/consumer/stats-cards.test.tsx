import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { levelProgressPercent } from '@shared/domain/levels';
import { StatsCards } from '@web/features/consumer/components/stats-cards';

const stats = vi.hoisted(() => ({
  current: { isPending: false, data: null as unknown },
}));
vi.mock('@web/api/stats/get-user-stats', () => ({
  useUserStats: () => stats.current,
}));

afterEach(cleanup);

function renderWith(data: unknown, feedbackCount = 3) {
  stats.current = { isPending: false, data };
  render(<StatsCards userId="u1" feedbackCount={feedbackCount} />);
}

describe('StatsCards', () => {
  it('shows count, reputation with one decimal, earnings coming soon and level progress', () => {
    renderWith({ total_points: 17, reputation: 4, current_level: 0 });
    expect(screen.getByTestId('total-feedback').textContent).toBe('3');
    expect(screen.getByTestId('reputation').textContent).toBe('4.0 / 5');
    expect(screen.getByText('Coming Soon')).toBeTruthy();
    expect(screen.getByTestId('experience').textContent).toContain('Level 0');
    expect(screen.getByText('14 XP to level 1')).toBeTruthy();
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe(
      String(Math.round(levelProgressPercent(17))),
    );
  });

  it('says Max Level Reached! without a bar at level 5', () => {
    renderWith({ total_points: 1500, reputation: 2.25 });
    expect(screen.getByTestId('experience').textContent).toContain('Level 5');
    expect(screen.getByText('Max Level Reached!')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('reputation').textContent).toBe('2.3 / 5');
  });

  it('treats a user without stats as level 0 with 0.0 reputation', () => {
    renderWith(null, 0);
    expect(screen.getByTestId('total-feedback').textContent).toBe('0');
    expect(screen.getByTestId('reputation').textContent).toBe('0.0 / 5');
    expect(screen.getByTestId('experience').textContent).toContain('0 XP');
  });
});
