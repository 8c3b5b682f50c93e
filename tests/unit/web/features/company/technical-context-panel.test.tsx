import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import TechnicalContextPanel from '@web/features/company/components/technical-context-panel';

afterEach(cleanup);

const CONTEXT = {
  environment: { browser: 'Chrome 156', os: 'Linux', devicePixelRatio: 2 },
  consoleErrors: [
    { kind: 'error', message: 'TypeError: price', at: '2026-11-26T10:00:00Z' },
    { kind: 'rejection', message: 'Payment down', at: '2026-11-26T10:00:01Z' },
  ],
  failedRequests: [
    {
      method: 'POST',
      status: 500,
      url: 'https://shop.test/api/cart',
      at: '2026-11-26T10:00:02Z',
    },
    {
      method: 'GET',
      status: 0,
      url: 'https://cdn.test/a.js',
      at: '2026-11-26T10:00:03Z',
    },
  ],
};

describe('TechnicalContextPanel', () => {
  it('shows console errors, failed requests and the environment as sent', () => {
    render(<TechnicalContextPanel value={CONTEXT} />);
    const panel = screen.getByTestId('technical-context');
    expect(within(panel).getByText('Console errors (2)')).toBeTruthy();
    expect(panel.textContent).toContain('TypeError: price');
    expect(panel.textContent).toContain('Unhandled rejection: Payment down');
    expect(within(panel).getByText('Failed requests (2)')).toBeTruthy();
    const rows = within(panel).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('POST500https://shop.test/api/cart');
    expect(rows[2]!.textContent).toContain('network error');
    expect(within(panel).getByText('Pixel ratio')).toBeTruthy();
    expect(within(panel).getByText('Chrome 156')).toBeTruthy();
  });

  it.each([
    ['nothing', null],
    ['another shape', { browser: 'Chrome', pageTitle: 'x' }],
    ['an unknown key', { ...CONTEXT, author: 'Alice' }],
  ])('shows nothing for %s', (_name, value) => {
    render(<TechnicalContextPanel value={value} />);
    expect(screen.queryByTestId('technical-context')).toBeNull();
  });
});
