import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Client } from '@shared/data/client';
import { submitDraft } from '@ext/entrypoints/background/submit';
import { loadDraft, saveDraft, saveDraftShot } from '@ext/lib/drafts';
import { onMessages, sendMessage } from '@ext/lib/messaging';
import { makeDraft } from './make-draft';

const URL_ = 'https://shop.example.com/cart';
const JPEG = `data:image/jpeg;base64,${btoa('\xff\xd8\xff\xe0jpeg')}`;

/** Just enough of supabase-js for the submit path, with switchable faults. */
function fakeClient(
  faults: {
    upload?: unknown;
    insert?: unknown;
    session?: boolean;
    /** What `auth.getUser()` answers as its error. */
    user?: unknown;
  } = {},
) {
  const calls = {
    uploads: [] as string[],
    inserts: [] as Record<string, unknown>[],
    signOuts: 0,
  };
  const client = {
    auth: {
      getUser: async () => ({ data: {}, error: faults.user ?? null }),
      signOut: async () => {
        calls.signOuts += 1;
        return { error: null };
      },
      getSession: async () => ({
        data: {
          session: faults.session === false ? null : { user: { id: 'u1' } },
        },
        error: null,
      }),
    },
    storage: {
      from: () => ({
        upload: async (path: string) => {
          if (faults.upload) return { data: null, error: faults.upload };
          calls.uploads.push(path);
          return { data: { path }, error: null };
        },
      }),
    },
    from: (table: string) => ({
      insert: (row: Record<string, unknown>) => {
        if (table === 'analytics_events')
          return Promise.resolve({ error: null });
        return {
          select: () => ({
            single: async () => {
              if (faults.insert) return { data: null, error: faults.insert };
              calls.inserts.push(row);
              return {
                data: {
                  id: 'f1',
                  points_awarded: 16,
                  created_at: '2026-11-25T12:00:00Z',
                },
                error: null,
              };
            },
          }),
        };
      },
      select: () => ({
        eq: () => ({
          maybeSingle: async () => ({
            data: { total_points: 16 },
            error: null,
          }),
        }),
      }),
    }),
  };
  return { client: client as unknown as Client, calls };
}

async function storeDraft() {
  await saveDraft('u1', makeDraft({ category: 'bug' }));
  await saveDraftShot('u1', URL_, {
    original: JPEG,
    redacted: JPEG,
    uploadedPath: null,
  });
}

describe('submitDraft', () => {
  beforeEach(() => fakeBrowser.reset());

  it('uploads the redacted screenshot, inserts the feedback and forgets the draft', async () => {
    await storeDraft();
    const { client, calls } = fakeClient();
    const result = await submitDraft(URL_, {
      getClient: async () => client,
      randomId: () => 'id-1',
    });
    expect(result).toEqual({
      ok: true,
      feedbackId: 'f1',
      pointsAwarded: 16,
      createdAt: '2026-11-25T12:00:00Z',
    });
    // A fresh random folder for this file alone (security review L5).
    expect(calls.uploads).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}\/id-1\.jpg$/),
    ]);
    expect(calls.inserts[0]).toMatchObject({
      user_id: 'u1',
      category: 'bug',
      screenshot_url: calls.uploads[0],
      website_url: URL_,
      title: 'The total is wrong',
    });
    expect((await loadDraft('u1', URL_)).draft).toBeNull();
  });

  it('keeps the draft when the backend is down, and does not upload twice on retry', async () => {
    await storeDraft();
    const down = fakeClient({
      insert: { message: 'TypeError: Failed to fetch' },
    });
    const first = await submitDraft(URL_, {
      getClient: async () => down.client,
      randomId: () => 'id-1',
    });
    expect(first).toMatchObject({ ok: false, failure: { kind: 'offline' } });
    const kept = await loadDraft('u1', URL_);
    expect(kept.draft?.text).toBe(makeDraft().text);
    const uploaded = down.calls.uploads[0];
    expect(uploaded).toMatch(/\/id-1\.jpg$/);
    expect(kept.shot?.uploadedPath).toBe(uploaded);

    const up = fakeClient();
    const retry = await submitDraft(URL_, {
      getClient: async () => up.client,
      randomId: () => 'id-2',
    });
    expect(retry.ok).toBe(true);
    expect(up.calls.uploads).toEqual([]);
    expect(up.calls.inserts[0]?.screenshot_url).toBe(uploaded);
  });

  it('says so when the upload is refused, keeping the draft', async () => {
    await storeDraft();
    const { client } = fakeClient({
      upload: { message: 'mime', statusCode: '415' },
    });
    const result = await submitDraft(URL_, {
      getClient: async () => client,
      randomId: () => 'id-1',
    });
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'upload', title: 'Upload failed' },
    });
    expect((await loadDraft('u1', URL_)).draft).not.toBeNull();
  });

  it('asks to sign in when the session is gone or rate limited', async () => {
    await storeDraft();
    const signedOut = await submitDraft(URL_, {
      getClient: async () => fakeClient({ session: false }).client,
      randomId: () => 'x',
    });
    expect(signedOut).toMatchObject({
      ok: false,
      failure: { title: 'Authentication required' },
    });
    const limited = await submitDraft(URL_, {
      getClient: async () =>
        fakeClient({ insert: { message: 'slow down', code: 'PT429' } }).client,
      randomId: () => 'x',
    });
    expect(limited).toMatchObject({
      ok: false,
      failure: { kind: 'rate-limited' },
    });
  });

  it('signs out a session whose account is gone and says so, keeping the draft', async () => {
    await storeDraft();
    const { client, calls } = fakeClient({
      insert: { code: '23503', message: 'violates foreign key constraint' },
      user: {
        status: 403,
        code: 'user_not_found',
        message: 'User from sub claim in JWT does not exist',
      },
    });
    const result = await submitDraft(URL_, {
      getClient: async () => client,
      randomId: () => 'id-1',
    });
    expect(result).toEqual({
      ok: false,
      failure: {
        kind: 'session-ended',
        title: 'Your session has ended',
        description: 'Please sign in again.',
      },
    });
    expect(calls.signOuts).toBe(1);
    expect((await loadDraft('u1', URL_)).draft).not.toBeNull();
  });

  it("refuses without a draft, and never sends another account's", async () => {
    await saveDraft('u2', makeDraft({ category: 'bug' }));
    const { client, calls } = fakeClient();
    const result = await submitDraft(URL_, {
      getClient: async () => client,
      randomId: () => 'x',
    });
    expect(result).toMatchObject({
      ok: false,
      failure: { title: 'Nothing to send' },
    });
    expect(calls.inserts).toEqual([]);
  });
});

describe('typed messaging', () => {
  beforeEach(() => fakeBrowser.reset());

  it('routes a message to its handler and answers its value', async () => {
    const submitFeedback = vi.fn(async () => ({
      ok: true as const,
      feedbackId: 'f',
      pointsAwarded: 5,
      createdAt: '2026-11-25T12:00:00Z',
    }));
    onMessages({
      readPage: async ({ url }) =>
        url ? { url, title: '', host: '', siteName: null, viewport: '' } : null,
      submitFeedback,
      recordContext: async () => false,
    });
    await expect(
      sendMessage('submitFeedback', { url: URL_ }),
    ).resolves.toMatchObject({
      pointsAwarded: 5,
    });
    // Handlers also get the sender (the recording or capture script's tab).
    expect(submitFeedback).toHaveBeenCalledWith(
      { url: URL_ },
      expect.anything(),
    );
    await expect(
      sendMessage('readPage', { tabId: 1, windowId: 1 }),
    ).resolves.toBeNull();
  });
});
