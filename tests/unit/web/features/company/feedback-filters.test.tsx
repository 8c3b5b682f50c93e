import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EMPTY_FILTERS,
  FeedbackFilters,
  filtersFromParams,
  filtersToParams,
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

  it('#21: the assignee filter offers every member by e-mail and keeps a member id in the URL', () => {
    const onChange = vi.fn();
    const members = [
      {
        user_id: '11111111-1111-4111-8111-111111111111',
        email: 'owner@acme.test',
        is_you: true,
      },
      {
        user_id: '22222222-2222-4222-8222-222222222222',
        email: 'sam@acme.test',
        is_you: false,
      },
    ];
    const { rerender } = render(
      <FeedbackFilters
        plan="free"
        domains={[]}
        members={members}
        value={EMPTY_FILTERS}
        onChange={onChange}
      />,
      { wrapper: MemoryRouter },
    );
    const select = screen.getByRole('combobox', {
      name: /Assignee/,
    }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'Anyone',
      'Assigned to me',
      'Unassigned',
      'owner@acme.test (you)',
      'sam@acme.test',
    ]);
    fireEvent.change(select, { target: { value: members[1]!.user_id } });
    const next = { ...EMPTY_FILTERS, assignee: members[1]!.user_id };
    expect(onChange).toHaveBeenLastCalledWith(next);
    // Through the URL and back, as the dashboard keeps it.
    const params = filtersToParams(next, 1);
    expect(params.get('assignee')).toBe(members[1]!.user_id);
    expect(filtersFromParams(params)).toEqual(next);
    // A former member's id from a link stays shown as what filters the list.
    rerender(
      <FeedbackFilters
        plan="free"
        domains={[]}
        members={[members[0]!]}
        value={next}
        onChange={onChange}
      />,
    );
    expect(select.value).toBe(members[1]!.user_id);
    expect(select.selectedOptions[0]!.text).toBe('A former member');
  });
});
