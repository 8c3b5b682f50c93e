import type { Draft } from '@ext/lib/storage';

/** A complete draft for tests, with `patch` applied. */
export function makeDraft(patch: Partial<Draft> = {}): Draft {
  return {
    url: 'https://shop.example.com/cart',
    host: 'shop.example.com',
    pageTitle: 'Cart',
    companyName: 'Example',
    category: null,
    title: '',
    text: 'The total is wrong. It adds tax twice.',
    includeScreenshot: true,
    context: {
      environment: { browser: 'Chrome 156', os: 'Linux', viewport: '1280×720' },
      consoleErrors: [
        {
          kind: 'error',
          message: 'TypeError: x',
          at: '2026-11-26T10:00:00.000Z',
        },
      ],
      failedRequests: [
        {
          method: 'POST',
          status: 500,
          url: 'https://shop.example.com/api/cart',
          at: '2026-11-26T10:00:01.000Z',
        },
      ],
    },
    redactions: [],
    updatedAt: 1,
    ...patch,
  };
}
