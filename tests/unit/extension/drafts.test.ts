import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  MAX_DRAFTS,
  deleteDraft,
  draftKey,
  loadDraft,
  saveDraft,
  saveDraftShot,
} from '@ext/lib/drafts';
import { draftToFeedback } from '@ext/lib/draft-input';
import { browserName } from '@ext/lib/browser-name';
import { makeDraft } from './make-draft';

describe('drafts in extension storage', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keys drafts by the address without its fragment', () => {
    expect(draftKey('https://a.test/p?q=1#top')).toBe('https://a.test/p?q=1');
    expect(draftKey('https://a.test/p')).toBe('https://a.test/p');
  });

  it('survives a closed popup: text, category and screenshot come back', async () => {
    await saveDraft(
      'u1',
      makeDraft({ category: 'bug', url: 'https://a.test/#x' }),
    );
    await saveDraftShot('u1', 'https://a.test/', {
      original: 'data:image/jpeg;base64,AAAA',
      redacted: 'data:image/jpeg;base64,BBBB',
      uploadedPath: null,
    });
    const { draft, shot } = await loadDraft('u1', 'https://a.test/#other');
    expect(draft).toMatchObject({ category: 'bug', url: 'https://a.test/' });
    expect(shot?.redacted).toBe('data:image/jpeg;base64,BBBB');
  });

  it('keeps at most MAX_DRAFTS pages, dropping the oldest with its screenshot', async () => {
    for (let i = 0; i <= MAX_DRAFTS; i++) {
      const url = `https://a.test/${i}`;
      await saveDraft('u1', makeDraft({ url }));
      await saveDraftShot('u1', url, {
        original: 'o',
        redacted: 'r',
        uploadedPath: null,
      });
    }
    expect((await loadDraft('u1', 'https://a.test/0')).draft).toBeNull();
    expect((await loadDraft('u1', 'https://a.test/0')).shot).toBeNull();
    expect(
      (await loadDraft('u1', `https://a.test/${MAX_DRAFTS}`)).draft,
    ).not.toBeNull();
  });

  it("keeps each account's draft and screenshot to itself", async () => {
    await saveDraft('u1', makeDraft({ text: 'Private to u1' }));
    await saveDraftShot('u1', makeDraft().url, {
      original: 'o',
      redacted: 'r',
      uploadedPath: null,
    });
    expect(await loadDraft('u2', makeDraft().url)).toEqual({
      draft: null,
      shot: null,
    });
    // Back after signing in again as u1.
    expect((await loadDraft('u1', makeDraft().url)).draft?.text).toBe(
      'Private to u1',
    );
  });

  it('forgets a draft after a successful submit', async () => {
    await saveDraft('u1', makeDraft());
    await deleteDraft('u1', makeDraft().url);
    expect((await loadDraft('u1', makeDraft().url)).draft).toBeNull();
  });
});

describe('draftToFeedback', () => {
  it('derives the title from the first sentence and defaults the category', () => {
    const result = draftToFeedback(makeDraft());
    expect(result).toEqual({
      ok: true,
      value: {
        title: 'The total is wrong',
        description: 'The total is wrong. It adds tax twice.',
        companyName: 'Example',
        websiteUrl: 'https://shop.example.com/cart',
        category: 'other',
        technicalContext: null,
      },
    });
  });

  it('sends the technical context apart, only when included, without unticked lines', () => {
    const off = draftToFeedback(makeDraft({ category: 'bug' }));
    expect(off.ok && off.value.technicalContext).toBeNull();
    const on = draftToFeedback(
      makeDraft({
        category: 'bug',
        includeContext: true,
        title: 'Tax',
        excludedLines: [
          'env:os',
          'console:2026-11-26T10:00:00.000Z|error|TypeError: x',
        ],
      }),
    );
    expect(on.ok && on.value.description).not.toContain('Technical');
    expect(on.ok && on.value.technicalContext).toEqual({
      environment: { browser: 'Chrome 156', viewport: '1280×720' },
      consoleErrors: [],
      failedRequests: [
        {
          method: 'POST',
          status: 500,
          url: 'https://shop.example.com/api/cart',
          at: '2026-11-26T10:00:01.000Z',
        },
      ],
    });
  });

  it('never sends a context of an older shape or with every line unticked', () => {
    const old = draftToFeedback(
      makeDraft({
        includeContext: true,
        context: {
          browser: 'Chrome 156',
          viewport: '1280×720',
          pageTitle: 'Cart',
        } as never,
      }),
    );
    expect(old.ok && old.value.technicalContext).toBeNull();
    const none = draftToFeedback(
      makeDraft({
        includeContext: true,
        excludedLines: [
          'env:browser',
          'env:os',
          'env:viewport',
          'console:2026-11-26T10:00:00.000Z|error|TypeError: x',
          'request:2026-11-26T10:00:01.000Z|POST|500|https://shop.example.com/api/cart',
        ],
      }),
    );
    expect(none.ok && none.value.technicalContext).toBeNull();
  });

  it.each([
    ['no text', { text: '  ' }, 'Please fill in your feedback.'],
    ['no company', { companyName: '' }, 'Please fill in the company name.'],
    [
      'nothing',
      { companyName: ' ', text: '' },
      'Please fill in the company name and your feedback.',
    ],
  ])('refuses %s, naming the empty field', (_name, patch, description) => {
    expect(draftToFeedback(makeDraft(patch))).toEqual({
      ok: false,
      failure: { kind: 'invalid', title: 'Missing information', description },
    });
  });

  // A developer testing their own site (issue #19 item 3).
  it.each([
    'http://localhost:5173/x',
    'http://192.168.1.20/',
    'http://intranet/',
    'http://[::1]:8080/',
  ])('sends %s with every field filled', (url) => {
    const r = draftToFeedback(makeDraft({ url }));
    expect(r).toMatchObject({ ok: true, value: { websiteUrl: url } });
  });

  it('names the address when only the address is refused', () => {
    const r = draftToFeedback(makeDraft({ url: 'http://under_score/' }));
    expect(r).toEqual({
      ok: false,
      failure: {
        kind: 'invalid',
        title: "This page's address can't be used",
        description:
          'http://under_score/ is not a website address Peega can store.',
      },
    });
  });

  it('sends browser pages without a website', () => {
    const r = draftToFeedback(makeDraft({ url: 'chrome://settings/' }));
    expect(r.ok && r.value.websiteUrl).toBeNull();
  });
});

describe('browserName', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36',
      'Chrome 156',
    ],
    ['Mozilla/5.0 Chrome/150.0 Safari/537.36 Edg/150.0', 'Edge 150'],
    ['Mozilla/5.0 Gecko/20100101 Firefox/140.0', 'Firefox 140'],
    ['curl/8', 'Unknown browser'],
  ])('%s → %s', (ua, name) => expect(browserName(ua)).toBe(name));
});
