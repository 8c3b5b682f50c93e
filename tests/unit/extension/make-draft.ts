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
    includeContext: false,
    context: { browser: 'Chrome 156', viewport: '1280×720', pageTitle: 'Cart' },
    redactions: [],
    updatedAt: 1,
    ...patch,
  };
}
