import { expect, test } from '@playwright/test';
import { TestAiFeedbackPage } from './pages/test-ai-feedback.page.ts';

test('processes raw feedback into structured feedback with the offline processor', async ({
  page,
}) => {
  const ai = new TestAiFeedbackPage(page);
  await ai.goto();
  await expect(ai.heading()).toBeVisible();
  await expect(ai.instructions()).toBeVisible();
  await expect(ai.processButton()).toBeDisabled();
  await ai.rawFeedback().fill('   ');
  await expect(ai.processButton()).toBeDisabled();

  await ai
    .rawFeedback()
    .fill(
      'The checkout crashes when I press Pay on my iPhone, and I was charged twice. Please fix this!',
    );
  await ai.companyName().fill('Acme');
  await ai.websiteUrl().fill('https://acme.test');
  await expect(ai.processButton()).toBeEnabled();
  await ai.processButton().click();

  const result = ai.result();
  await expect(result).toBeVisible();
  await expect(
    result.getByRole('heading', {
      // A summary of at most 70 characters cut at a clause (#23).
      name: 'The checkout crashes when I press Pay on my iPhone',
    }),
  ).toBeVisible();
  await expect(result.getByText('Bug Report')).toBeVisible();
  await expect(result.getByText('High priority')).toBeVisible();
  await expect(result.getByText('Negative sentiment')).toBeVisible();
  await expect(result.getByText('#payments')).toBeVisible();
  await expect(result.getByText(/The Acme team/)).toBeVisible();
});

test('shows each error of the catalogue in red', async ({ page }) => {
  const ai = new TestAiFeedbackPage(page);
  const answers = [
    {
      status: 400,
      body: {
        success: false,
        error: 'Please enter some feedback to process.',
        structuredFeedback: null,
      },
      shown: 'Please enter some feedback to process.',
    },
    {
      status: 200,
      body: { success: false, error: null, structuredFeedback: null },
      shown: 'Unknown error occurred',
    },
    { status: 502, body: 'Bad gateway', shown: 'Failed to process feedback' },
  ];
  let next = 0;
  await page.route('**/functions/v1/process-feedback', (route) => {
    const answer = answers[next++]!;
    return route.fulfill({
      status: answer.status,
      contentType:
        typeof answer.body === 'string' ? 'text/plain' : 'application/json',
      body:
        typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body),
    });
  });
  await ai.goto();
  await ai.rawFeedback().fill('Search is slow.');
  for (const { shown } of answers) {
    await ai.processButton().click();
    await expect(ai.error()).toHaveText(shown);
    await expect(ai.error()).toHaveClass(/text-red-700/);
  }
});

test('Back leads home', async ({ page }) => {
  const ai = new TestAiFeedbackPage(page);
  await ai.goto();
  await ai.backLink().click();
  await expect(page).toHaveURL('/');
});
