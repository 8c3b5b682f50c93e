import { expect, test } from '@playwright/test';
import { TestAiFeedbackPage } from './pages/test-ai-feedback.page.ts';

// Issue #23: the texts the tracker tried, on /test-ai-feedback as a user
// pastes them, against the real backend's process-feedback function.
async function process(page: TestAiFeedbackPage, text: string) {
  await page.goto();
  await page.rawFeedback().fill(text);
  await page.companyName().fill('Acme');
  await page.processButton().click();
  const result = page.result();
  await expect(result.getByText('Structured feedback')).toBeVisible();
  return result;
}

test('praise is positive, not actionable, and thanked', async ({ page }) => {
  const result = await process(
    new TestAiFeedbackPage(page),
    "Hi team! I love the new dark mode, it's so much easier on the eyes at night. Great job!\nThanks,\nMarie",
  );
  await expect(result.getByText('Positive sentiment')).toBeVisible();
  await expect(result.getByText('Not actionable')).toBeVisible();
  await expect(
    result.getByText(/thank you so much for your kind words/i),
  ).toBeVisible();
  await expect(result.getByText('Suggested fix')).toHaveCount(0);
  await expect(result.getByText(/Marie/)).toHaveCount(0);
});

test('gibberish and lorem ipsum are Very Low quality spam in no language', async ({
  page,
}) => {
  const ai = new TestAiFeedbackPage(page);
  for (const [text, reason] of [
    ['asdkjh qwpoeiru zmxncbv lkjhsdf poiuqwe', 'gibberish'],
    [
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.',
      'placeholder text',
    ],
  ] as const) {
    const result = await process(ai, text);
    await expect(result.getByText(`Flagged as spam: ${reason}`)).toBeVisible();
    await expect(result.getByText('1/5 · Very Low Quality')).toBeVisible();
    await expect(result.getByText('Unknown', { exact: true })).toBeVisible();
  }
});

test('French feedback gets a French reply and fix, signed', async ({
  page,
}) => {
  const result = await process(
    new TestAiFeedbackPage(page),
    'Bonjour, le bouton de paiement ne fonctionne plus sur la page panier depuis hier. Merci de corriger !',
  );
  await expect(result.getByText('French', { exact: true })).toBeVisible();
  await expect(result.getByText('Bug Report')).toBeVisible();
  await expect(result.getByText(/Merci de nous avoir signalé/)).toBeVisible();
  await expect(result.getByText('— L’équipe Acme')).toBeVisible();
  await expect(result.getByText(/reproduire le problème/i)).toBeVisible();
});

test('a search that ignores accents is a bug tagged search', async ({
  page,
}) => {
  const result = await process(
    new TestAiFeedbackPage(page),
    'Search ignores accents: typing cafe does not find café.',
  );
  await expect(result.getByText('Bug Report')).toBeVisible();
  await expect(result.getByText('#search')).toBeVisible();
});

test('a coupon bug: payments tag with evidence, clean steps, masked phone', async ({
  page,
}) => {
  const result = await process(
    new TestAiFeedbackPage(page),
    "Hello, I just wanted to let you know that the coupon code SAVE10 is accepted but the total price doesn't change at checkout. Steps: 1. add a jacket 2. enter SAVE10 3. click Apply. Call me on +33 6 12 34 56 78. Thanks!",
  );
  await expect(
    result.getByRole('heading', {
      name: "The coupon code SAVE10 is accepted but the total price doesn't change",
    }),
  ).toBeVisible();
  await expect(result.getByText('#payments')).toContainText('coupon');
  await expect(result.getByText('#notifications')).toHaveCount(0);
  await expect(
    result.getByText('Steps to reproduce:', { exact: false }),
  ).toBeVisible();
  await expect(result.getByText(/\[phone\]/)).toBeVisible();
  await expect(result.getByText(/\+33 6 12/)).toHaveCount(0);
});

test('a text with nothing to clean says so instead of repeating it', async ({
  page,
}) => {
  const result = await process(
    new TestAiFeedbackPage(page),
    'The export button on the reports page does nothing.',
  );
  await expect(result.getByText(/Nothing to clean up/)).toBeVisible();
});
