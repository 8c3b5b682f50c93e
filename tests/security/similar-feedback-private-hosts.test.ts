import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import {
  createUser,
  insertFeedback,
  type TestUser,
} from '../integration/db/support.ts';

// Feedback may be about localhost, IP addresses and intranet names (issue
// #19 item 3), but two people's "localhost:3000" are unrelated, private
// sites: similar-feedback suggestions never cross between them.
let t: TestBackend;
let alice: TestUser;
let bob: TestUser;
const title = 'Payroll export crashes on the summary page';

beforeAll(async () => {
  t = await startTestBackend();
  alice = await createUser(t);
  bob = await createUser(t);
  for (const url of [
    'http://localhost:3000/payroll',
    'http://192.168.1.20/payroll',
    'http://intranet/payroll',
    'https://example.com/payroll',
  ]) {
    await insertFeedback(t, alice.id, { websiteUrl: url, title });
  }
});
afterAll(() => t?.stop());

async function titlesFor(user: TestUser, url: string) {
  const { data, error } = await user.client.rpc('get_similar_feedback', {
    p_website_url: url,
    p_text: title,
    p_limit: 20,
  });
  expect(error).toBeNull();
  return (data as { title: string; is_own: boolean }[]).map((r) => r.is_own);
}

it.each([
  'http://localhost:3000/other',
  'http://192.168.1.20/',
  'http://intranet/',
])("never suggests another person's feedback on %s", async (url) => {
  expect(await titlesFor(bob, url)).toEqual([]);
  // The author still finds their own.
  expect(await titlesFor(alice, url)).toEqual([true]);
});

it('still suggests matching feedback on a public site', async () => {
  expect(await titlesFor(bob, 'https://example.com/')).toEqual([false]);
});
