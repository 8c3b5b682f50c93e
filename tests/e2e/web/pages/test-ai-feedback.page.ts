import type { Page } from '@playwright/test';

export class TestAiFeedbackPage {
  constructor(private readonly page: Page) {}

  goto() {
    return this.page.goto('/test-ai-feedback');
  }

  heading() {
    return this.page.getByRole('heading', { name: 'AI Feedback Processor' });
  }

  instructions() {
    return this.page.getByRole('heading', { name: 'How it works' });
  }

  rawFeedback() {
    return this.page.getByLabel('Raw feedback');
  }

  companyName() {
    return this.page.getByLabel('Company name (optional)');
  }

  websiteUrl() {
    return this.page.getByLabel('Website URL (optional)');
  }

  processButton() {
    return this.page.getByRole('button', {
      name: /Process Feedback|Processing/,
    });
  }

  result() {
    return this.page.getByRole('region', { name: 'Result' });
  }

  error() {
    return this.page.getByRole('alert');
  }

  backLink() {
    return this.page.getByRole('link', { name: 'Back' });
  }
}
