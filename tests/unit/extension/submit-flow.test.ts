import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { loadDraft } from '@ext/lib/drafts';
import type { PageInfo, SubmitResult } from '@ext/lib/messaging';
import { useSubmitFlow } from '@ext/stores/submit-flow';
import { makeDraft } from './make-draft';

const send = vi.hoisted(() =>
  vi.fn<(type: string, req: unknown) => Promise<SubmitResult>>(),
);
vi.mock('@ext/lib/messaging', () => ({ sendMessage: send }));
vi.mock('@ext/lib/redact', () => ({
  redactScreenshot: (original: string, rects: unknown[]) =>
    Promise.resolve(`${original}#blurred-${rects.length}`),
}));

const PAGE: PageInfo = {
  url: 'https://shop.example.com/cart',
  title: 'Cart',
  host: 'shop.example.com',
  siteName: null,
  viewport: '',
};
const SHOT = 'data:image/jpeg;base64,AAAA';
const flow = () => useSubmitFlow.getState();

function start(userId = 'u1', stored = makeDraft({ text: '' })) {
  flow().start({
    userId,
    page: PAGE,
    draft: stored,
    shot: null,
    capture: { screenshot: SHOT, captureError: null },
  });
}

describe('the popup submit flow store', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    send.mockReset();
  });

  it('leaves a draft behind (the next test must not see it)', () => {
    start();
    flow().update({ text: 'left behind' });
    expect(flow().draft?.text).toBe('left behind');
  });

  it('starts empty in every test (stores are reset between tests)', () => {
    expect(flow()).toMatchObject({
      userId: null,
      draft: null,
      step: { kind: 'form' },
    });
  });

  it('starts a fresh draft from the page and the capture, untouched', () => {
    flow().start({
      userId: 'u1',
      page: { ...PAGE, siteName: 'Acme Shop' },
      draft: null,
      shot: null,
      capture: { screenshot: SHOT, captureError: null },
    });
    expect(flow().draft).toMatchObject({
      url: PAGE.url,
      companyName: 'Acme Shop',
      text: '',
    });
    expect(flow().shot).toEqual({
      original: SHOT,
      redacted: SHOT,
      uploadedPath: null,
    });
    expect(flow().touched).toBe(false);
    // The content script's read still reaches an untouched draft...
    flow().pageInfoArrived({ ...PAGE, title: 'Your cart', viewport: '1x1' });
    expect(flow().draft?.pageTitle).toBe('Your cart');
    // ...but never overwrites what the user typed.
    flow().update({ companyName: 'Mine' });
    flow().pageInfoArrived({ ...PAGE, siteName: 'Other' });
    expect(flow().draft?.companyName).toBe('Mine');
  });

  it('stores every change for the account at once', async () => {
    start();
    flow().update({ text: 'The total is wrong.', category: 'bug' });
    await vi.waitFor(async () =>
      expect((await loadDraft('u1', PAGE.url)).draft).toMatchObject({
        text: 'The total is wrong.',
        category: 'bug',
      }),
    );
    expect((await loadDraft('u1', PAGE.url)).shot?.original).toBe(SHOT);
    expect((await loadDraft('u2', PAGE.url)).draft).toBeNull();
  });

  it('goes form → sending → sent, saving the draft before it is sent', async () => {
    start();
    flow().update({ text: 'Checkout is broken.' });
    let release!: (r: SubmitResult) => void;
    send.mockImplementation(async () => {
      // The background reads the stored draft: it is there before the send.
      expect((await loadDraft('u1', PAGE.url)).draft?.text).toBe(
        'Checkout is broken.',
      );
      return new Promise((r) => (release = r));
    });
    const outcome = flow().submit();
    expect(flow().step).toEqual({ kind: 'sending' });
    await vi.waitFor(() => expect(send).toHaveBeenCalledOnce());
    expect(await flow().submit()).toBe('busy');
    release({
      ok: true,
      feedbackId: 'f1',
      pointsAwarded: 16,
      createdAt: '2026-01-01T00:00:00Z',
    });
    expect(await outcome).toBe('sent');
    expect(flow().step).toEqual({
      kind: 'sent',
      points: 16,
      createdAt: '2026-01-01T00:00:00Z',
    });
    flow().another();
    expect(flow().step).toEqual({ kind: 'form' });
    expect(flow()).toMatchObject({ shot: null, touched: false });
    expect(flow().draft?.text).toBe('');
  });

  it('goes sending → failed, keeps the form, and back to form on the next change', async () => {
    start();
    flow().update({ text: 'x' });
    const failure = {
      kind: 'offline',
      title: "Can't reach Peega",
      description: 'Your feedback is saved as a draft.',
    } as const;
    send.mockResolvedValue({ ok: false, failure });
    expect(await flow().submit()).toBe('failed');
    expect(flow().step).toEqual({ kind: 'failed', failure });
    expect(flow().draft?.text).toBe('x');
    flow().update({ text: 'xy' });
    expect(flow().step).toEqual({ kind: 'form' });
  });

  it('reports a session that ended, and a crash as a failure', async () => {
    start();
    send.mockResolvedValueOnce({
      ok: false,
      failure: { kind: 'session-ended', title: 'Signed out' },
    });
    expect(await flow().submit()).toBe('session-ended');
    expect(flow().step).toEqual({ kind: 'form' });
    send.mockRejectedValueOnce(new Error('port closed'));
    expect(await flow().submit()).toBe('failed');
    expect(flow().step).toMatchObject({
      kind: 'failed',
      failure: { kind: 'unknown', title: 'Something went wrong' },
    });
  });

  it('resets on account change: the next account sees nothing of the previous one', async () => {
    start('u1');
    flow().update({ text: 'private to u1' });
    await flow().changeRedactions([{ x: 0, y: 0, w: 0.5, h: 0.5 }]);
    send.mockResolvedValue({
      ok: false,
      failure: { kind: 'offline', title: 'Offline' },
    });
    await flow().submit();
    expect(flow().step.kind).toBe('failed');

    flow().start({
      userId: 'u2',
      page: PAGE,
      draft: null,
      shot: null,
      capture: undefined,
    });
    expect(flow()).toMatchObject({
      userId: 'u2',
      step: { kind: 'form' },
      shot: null,
      capture: undefined,
      touched: false,
      redacting: false,
    });
    expect(flow().draft).toMatchObject({ text: '', redactions: [] });
    // A late read of u1's draft does not reach u2's form.
    flow().draftFound('u1', await loadDraft('u1', PAGE.url));
    expect(flow().draft?.text).toBe('');
    // u2's own stored draft does.
    flow().draftFound('u2', {
      draft: makeDraft({ text: 'u2 typed' }),
      shot: null,
    });
    expect(flow().draft?.text).toBe('u2 typed');

    flow().reset();
    expect(flow()).toMatchObject({ userId: null, draft: null });
  });

  it('ignores a submit answered after the account changed', async () => {
    start('u1');
    let release!: (r: SubmitResult) => void;
    send.mockReturnValue(new Promise((r) => (release = r)));
    const outcome = flow().submit();
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    start('u2');
    release({ ok: true, feedbackId: 'f', pointsAwarded: 6, createdAt: 'x' });
    expect(await outcome).toBe('stale');
    expect(flow().step).toEqual({ kind: 'form' });
  });

  it('applies redactions to the screenshot and stores them with the draft', async () => {
    start();
    const rect = { x: 0.1, y: 0.1, w: 0.2, h: 0.2 };
    const pending = flow().changeRedactions([rect]);
    expect(flow().redacting).toBe(true);
    await pending;
    expect(flow().redacting).toBe(false);
    expect(flow().shot?.redacted).toBe(`${SHOT}#blurred-1`);
    expect(flow().draft?.redactions).toEqual([rect]);
    await vi.waitFor(async () =>
      expect((await loadDraft('u1', PAGE.url)).shot?.redacted).toBe(
        `${SHOT}#blurred-1`,
      ),
    );
  });

  it('takes a whole-page or element capture as the draft screenshot: old blurs dropped, text kept, stored at once', async () => {
    start();
    flow().update({ text: 'The footer overlaps' });
    await flow().changeRedactions([{ x: 0.1, y: 0.1, w: 0.2, h: 0.2 }]);
    const page = 'data:image/jpeg;base64,PAGE';
    await flow().captureTaken({
      screenshot: page,
      kind: 'page',
      note: 'captured by scrolling',
    });
    expect(flow().shot).toMatchObject({
      original: page,
      redacted: page,
      kind: 'page',
      note: 'captured by scrolling',
    });
    expect(flow().draft).toMatchObject({
      text: 'The footer overlaps',
      redactions: [],
      includeScreenshot: true,
    });
    const stored = await loadDraft('u1', PAGE.url);
    expect(stored.shot).toMatchObject({ original: page, kind: 'page' });
    expect(stored.draft?.text).toBe('The footer overlaps');
    // Blurring it keeps what kind of capture it is.
    await flow().changeRedactions([{ x: 0.3, y: 0.3, w: 0.3, h: 0.3 }]);
    expect(flow().shot).toMatchObject({
      kind: 'page',
      redacted: `${page}#blurred-1`,
    });
  });
});
