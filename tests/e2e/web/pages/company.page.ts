import { expect, type Page } from '@playwright/test';

/** The company screens: /company-signup, /company-dashboard, /company-settings. */
export class CompanyPage {
  constructor(private readonly page: Page) {}

  field(label: string) {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  toast(text: string | RegExp) {
    return this.page
      .locator('[data-sonner-toast]')
      .filter({ hasText: text })
      .first();
  }

  async signUp(args: {
    email: string;
    password: string;
    companyName: string;
    website?: string;
    domains?: string;
  }) {
    await this.page.goto('/company-signup');
    await this.field('Email').fill(args.email);
    await this.field('Password').fill(args.password);
    await this.field('Confirm password').fill(args.password);
    await this.field('Company name').fill(args.companyName);
    if (args.website) await this.field('Website URL').fill(args.website);
    if (args.domains) await this.field('Domain').fill(args.domains);
    await this.page.getByRole('checkbox').check();
    await this.page
      .getByRole('button', { name: 'Create company account' })
      .click();
  }

  async signIn(email: string, password: string) {
    await this.page.goto('/company-signup?mode=signin');
    await this.field('Email').fill(email);
    await this.field('Password').fill(password);
    await this.page
      .getByRole('button', { name: 'Sign In', exact: true })
      .click();
    await expect(this.page).toHaveURL('/company-dashboard');
  }

  items() {
    return this.page.getByTestId('company-feedback-item');
  }

  item(title: string) {
    return this.items().filter({ hasText: title });
  }

  detail() {
    return this.page.getByTestId('feedback-detail');
  }

  async open(title: string) {
    await this.item(title).getByRole('button', { name: title }).click();
  }

  async closeDetail() {
    await this.page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(this.detail()).toBeHidden();
  }

  counter() {
    return this.page.getByTestId('views-counter');
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Company menu' }).click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }
}
