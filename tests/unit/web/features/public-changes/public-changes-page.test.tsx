import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PublicChangesPage } from '@web/features/public-changes/components/public-changes-page';

afterEach(cleanup);

describe('PublicChangesPage (#22)', () => {
  it('shows the title, each published change with its date and count, as text', () => {
    render(
      <MemoryRouter>
        <PublicChangesPage
          companyName="Acme"
          changes={[
            {
              public_title: 'Dark mode <b>is here</b>',
              public_note: 'Line one\nLine two',
              completed_at: '2026-11-20T10:00:00Z',
              reporters: 3,
            },
            {
              public_title: 'Faster search',
              public_note: null,
              completed_at: '2026-11-10T10:00:00Z',
              reporters: 1,
            },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Acme — You said, we did',
    );
    const items = screen.getAllByTestId('public-change');
    expect(items).toHaveLength(2);
    // Plain text: markup stays visible text, never HTML.
    expect(within(items[0]!).getByRole('heading').textContent).toBe(
      'Dark mode <b>is here</b>',
    );
    expect(items[0]!.querySelector('b')).toBeNull();
    expect(within(items[0]!).getByText('3 people reported this')).toBeTruthy();
    expect(within(items[0]!).getByText('Nov 20, 2026')).toBeTruthy();
    expect(within(items[1]!).getByText('1 person reported this')).toBeTruthy();
  });

  it('says so when nothing is published yet', () => {
    render(
      <MemoryRouter>
        <PublicChangesPage companyName="Acme" changes={[]} />
      </MemoryRouter>,
    );
    expect(
      screen.getByText('Nothing published yet. Check back soon.'),
    ).toBeTruthy();
  });
});
