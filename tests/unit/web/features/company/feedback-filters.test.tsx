import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EMPTY_FILTERS,
  FeedbackFilters,
} from '@web/features/company/components/feedback-filters';

afterEach(cleanup);

describe('FeedbackFilters', () => {
  it('free: search and domain work; category, status and date are locked as Premium', () => {
    const onChange = vi.fn();
    // Its Premium banner links to the plans: it renders inside a router.
    render(
      <MemoryRouter>
        <FeedbackFilters
          plan="free"
          domains={['example.com']}
          hosts={['app.example.com', 'example.com']}
          value={EMPTY_FILTERS}
          onChange={onChange}
        />
      </MemoryRouter>,
    );
    expect(
      screen.getByText('Upgrade to premium to use advanced filters'),
    ).toBeTruthy();
    expect(screen.getAllByText('Premium')).toHaveLength(3);
    expect(
      (screen.getByRole('combobox', { name: /Category/ }) as HTMLSelectElement)
        .disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('combobox', { name: /Status/ }) as HTMLSelectElement)
        .disabled,
    ).toBe(true);
    expect(
      (screen.getByLabelText('From') as HTMLInputElement).matches(':disabled'),
    ).toBe(true);
    fireEvent.change(screen.getByRole('searchbox'), {
      target: { value: 'cart' },
    });
    expect(onChange).toHaveBeenLastCalledWith({
      ...EMPTY_FILTERS,
      search: 'cart',
    });
    fireEvent.change(screen.getByRole('combobox', { name: /Domain/ }), {
      target: { value: 'example.com' },
    });
    expect(onChange).toHaveBeenLastCalledWith({
      ...EMPTY_FILTERS,
      domain: 'example.com',
    });
    // A subdomain feedback came from is offered under its domain (#19 item 20).
    fireEvent.change(screen.getByRole('combobox', { name: /Domain/ }), {
      target: { value: 'app.example.com' },
    });
    expect(onChange).toHaveBeenLastCalledWith({
      ...EMPTY_FILTERS,
      domain: 'app.example.com',
    });
  });

  it('pro: every filter works, no banner', () => {
    const onChange = vi.fn();
    render(
      <FeedbackFilters
        plan="pro"
        domains={[]}
        value={EMPTY_FILTERS}
        onChange={onChange}
      />,
    );
    expect(
      screen.queryByText('Upgrade to premium to use advanced filters'),
    ).toBeNull();
    expect(screen.queryAllByText('Premium')).toHaveLength(0);
    fireEvent.change(screen.getByRole('combobox', { name: /Status/ }), {
      target: { value: 'completed' },
    });
    expect(onChange).toHaveBeenLastCalledWith({
      ...EMPTY_FILTERS,
      status: 'completed',
    });
  });
});
