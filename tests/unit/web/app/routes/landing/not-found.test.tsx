import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import NotFoundRoute from '@web/app/routes/landing/not-found';

afterEach(cleanup);

describe('NotFoundRoute', () => {
  it("shows the spec's texts and links home", () => {
    render(
      <MemoryRouter initialEntries={['/nowhere']}>
        <NotFoundRoute />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404');
    expect(screen.getByText('Oops! Page not found')).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Return to Home' });
    expect(home.getAttribute('href')).toBe('/');
  });
});
