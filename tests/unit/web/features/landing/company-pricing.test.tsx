import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as EnvModule from '@web/lib/env';

// #35: the pricing section reads "Coming soon" (the spec's words) until
// /config.json says billing is configured; then the paid plans lead to the
// plan in Company Settings, where the owner goes to Checkout.
const config = vi.hoisted(() => ({ billingEnabled: false }));
vi.mock('@web/lib/env', async (importOriginal) => {
  const actual = await importOriginal<typeof EnvModule>();
  const env = () => ({
    supabaseUrl: 'http://127.0.0.1:1',
    supabaseAnonKey: 'anon',
    demoMode: false,
    extensionUrl: 'http://127.0.0.1:1/extension',
    linkedinEnabled: false,
    linkedinClientId: null,
    linkedinAuthorizeUrl: null,
    supportEmail: null,
    billingEnabled: config.billingEnabled,
  });
  return {
    ...actual,
    peekEnv: env,
    loadEnv: () => Promise.resolve(env()),
  };
});

const { CompanyLanding } =
  await import('@web/features/landing/components/company-landing');

afterEach(cleanup);

function plans() {
  render(
    <MemoryRouter>
      <CompanyLanding />
    </MemoryRouter>,
  );
  return screen.getAllByTestId('plan');
}

describe('the company landing pricing (#35)', () => {
  it('marks the paid plans Coming soon without billing', () => {
    config.billingEnabled = false;
    const [free, pro, advanced] = plans();
    expect(within(free!).queryByText('Coming soon')).toBeNull();
    expect(within(pro!).getByText('Coming soon')).toBeTruthy();
    expect(within(advanced!).getByText('Coming soon')).toBeTruthy();
    expect(within(pro!).getByRole('link').getAttribute('href')).toBe(
      '/company-signup',
    );
  });

  it('leads the paid plans to the plan settings with billing', () => {
    config.billingEnabled = true;
    const [, pro, advanced] = plans();
    expect(within(pro!).queryByText('Coming soon')).toBeNull();
    const choose = within(pro!).getByRole('link', { name: 'Choose Pro' });
    expect(choose.getAttribute('href')).toBe('/company-settings#plan');
    expect(
      within(advanced!).getByRole('link', { name: 'Choose Advanced' }),
    ).toBeTruthy();
  });
});
