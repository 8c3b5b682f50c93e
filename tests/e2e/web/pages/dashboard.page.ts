import { expect, type Page } from '@playwright/test';

export class DashboardPage {
  constructor(private readonly page: Page) {}

  async expectLoaded() {
    await expect(this.page).toHaveURL('/app');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'My Activity' }),
    ).toBeVisible();
  }

  experience() {
    return this.page.getByTestId('experience');
  }

  items() {
    return this.page.getByTestId('feedback-item');
  }

  item(title: string) {
    return this.items().filter({ hasText: title });
  }

  async signOut() {
    await this.page.getByRole('button', { name: 'User menu' }).click();
    await this.page.getByRole('menuitem', { name: 'Sign Out' }).click();
  }
}
