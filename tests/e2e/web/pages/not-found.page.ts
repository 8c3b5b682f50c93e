import type { Page } from '@playwright/test';

export class NotFoundPage {
  constructor(private readonly page: Page) {}

  goto(path: string) {
    return this.page.goto(path);
  }

  heading() {
    return this.page.getByRole('heading', { name: '404' });
  }

  message() {
    return this.page.getByText('Oops! Page not found');
  }

  homeLink() {
    return this.page.getByRole('link', { name: 'Return to Home' });
  }
}
