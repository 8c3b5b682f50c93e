import type { Page } from '@playwright/test';

export class SubmitFeedbackPage {
  constructor(private readonly page: Page) {}

  goto() {
    return this.page.goto('/submit-feedback');
  }

  field(label: string) {
    return this.page.getByLabel(label, { exact: false }).first();
  }

  category(name: string) {
    return this.page.getByRole('button', { name, exact: false });
  }

  async attach(
    label: 'Screenshot' | 'Audio',
    file: {
      name: string;
      mimeType: string;
      buffer: Buffer;
    },
  ) {
    await this.page.getByLabel(new RegExp(`^${label}`)).setInputFiles(file);
  }

  submit() {
    return this.page.getByRole('button', { name: /^Submit Feedback/ });
  }
}
