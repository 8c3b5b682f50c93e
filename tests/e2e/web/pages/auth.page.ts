import { expect, type Page } from '@playwright/test';

export class AuthPage {
  constructor(private readonly page: Page) {}

  goto(query = '') {
    return this.page.goto(`/auth${query}`);
  }

  tab(name: 'Sign In' | 'Sign Up') {
    return this.page.getByRole('tab', { name });
  }

  field(label: string) {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  submit() {
    return this.page.getByRole('button', {
      name: /^(Create account|Sign In)$/,
    });
  }

  async signUp(fullName: string, email: string, password: string) {
    await this.field('Full name').fill(fullName);
    await this.field('Email').fill(email);
    await this.field('Password').fill(password);
    await this.field('Confirm password').fill(password);
    await this.page.getByRole('checkbox').check();
    await this.submit().click();
  }

  async signIn(email: string, password: string) {
    await this.goto('?mode=signin');
    await this.field('Email').fill(email);
    await this.field('Password').fill(password);
    await this.submit().click();
    await expect(this.page).toHaveURL('/app');
  }
}
