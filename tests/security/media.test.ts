import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFeedbackFile } from '../../shared/data/uploads.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { STORAGE, storageRefused } from '../permissions/support.ts';
import {
  createCompany,
  createUser,
  insertFeedback,
  ok,
  one,
  PNG_BYTES,
  statsOf,
  uploadMedia,
  WEBM_BYTES,
  type TestCompany,
  type TestUser,
} from '../integration/db/support.ts';

// L2: the media bonus was paid for paths never uploaded. L5: every upload
// of an author went to one folder, so a company seeing two media paths knew
// they came from the same person. Attacks through supabase-js and the apps'
// own upload function (shared/data/uploads.ts).
let t: TestBackend;
let company: TestCompany;
let author: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestBackend();
  company = await createCompany(t, { domain: 'media.example' });
  author = await createUser(t);
  other = await createUser(t);
});
afterAll(() => t?.stop());

const payload = {
  title: 'Image carousel stuck',
  description:
    'The product image carousel does not move past the second image.',
  company_name: 'Media Example',
  website_url: 'https://media.example/product',
};

/** Uploads like the web app and the extension do. */
const appUpload = (user: TestUser, bucket: 'screenshots' | 'audio') =>
  uploadFeedbackFile(user.client as never, {
    bucket,
    file: new Blob([bucket === 'screenshots' ? PNG_BYTES : WEBM_BYTES], {
      type: bucket === 'screenshots' ? 'image/png' : 'audio/webm',
    }),
    contentType: bucket === 'screenshots' ? 'image/png' : 'audio/webm',
    extension: bucket === 'screenshots' ? 'png' : 'webm',
    id: randomUUID(),
  });

describe('media bonus only for uploaded files (L2)', () => {
  it('paths that were never uploaded are refused and earn nothing', async () => {
    const cheater = await createUser(t);
    const before = await statsOf(t, cheater.id);
    const { data: folder } = await cheater.client.rpc('get_my_upload_folder');
    for (const extra of [
      { screenshot_url: `${String(folder)}/never.png` },
      { audio_url: `${randomUUID()}/never.webm` },
      {
        screenshot_url: `${randomUUID()}/a.png`,
        audio_url: `${randomUUID()}/b.webm`,
      },
    ]) {
      const r = await cheater.client
        .from('feedback')
        .insert({ ...payload, ...extra });
      expect(r.error?.message).toBe('Attach only files you uploaded yourself.');
    }
    expect((await statsOf(t, cheater.id)).total_points).toBe(
      before.total_points,
    );
  });

  it("another user's uploaded file cannot be attached (nor read by the company through it)", async () => {
    const theirs = await uploadMedia(other, 'screenshots');
    const r = await author.client
      .from('feedback')
      .insert({ ...payload, screenshot_url: theirs });
    expect(r.error?.message).toBe('Attach only files you uploaded yourself.');
    storageRefused(
      await company.client.storage.from('screenshots').download(theirs),
      STORAGE.hidden,
    );
  });

  it('a server-side insert keeps a path but pays no bonus without the file', async () => {
    const user = await createUser(t);
    const row = await insertFeedback(t, user.id, {
      screenshotUrl: `${randomUUID()}/ghost.png`,
      audioUrl: `${randomUUID()}/ghost.webm`,
    });
    expect(row.points_awarded).toBe(15);
  });

  it('the apps upload first, then submit: both bonuses are paid', async () => {
    const user = await createUser(t);
    const shot = await appUpload(user, 'screenshots');
    const voice = await appUpload(user, 'audio');
    const row = ok(
      await user.client
        .from('feedback')
        .insert({ ...payload, screenshot_url: shot, audio_url: voice })
        .select('points_awarded')
        .single(),
    ) as { points_awarded: number };
    expect(row.points_awarded).toBe(17);
  });
});

describe('media paths link nothing (L5)', () => {
  it("a company sees no common folder in one author's media paths, and no user id", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const shot = await appUpload(author, 'screenshots');
      const voice = await appUpload(author, 'audio');
      const row = ok(
        await author.client
          .from('feedback')
          .insert({ ...payload, screenshot_url: shot, audio_url: voice })
          .select('id')
          .single(),
      ) as { id: string };
      ids.push(row.id);
    }
    const folders: string[] = [];
    for (const id of ids) {
      const detail = ok(
        await company.client.rpc('get_company_feedback_detail', {
          feedback_uuid: id,
        }),
      ) as { screenshot_url: string; audio_url: string }[];
      const { screenshot_url: shot, audio_url: voice } = detail[0]!;
      folders.push(shot.split('/')[0]!, voice.split('/')[0]!);
      // The company still reads both files, by their exact paths.
      expect(
        (await company.client.storage.from('screenshots').download(shot)).error,
      ).toBeNull();
      expect(
        (await company.client.storage.from('audio').download(voice)).error,
      ).toBeNull();
      // And so does the author.
      expect(
        (await author.client.storage.from('screenshots').download(shot)).error,
      ).toBeNull();
    }
    expect(new Set(folders).size).toBe(4);
    expect(folders).not.toContain(author.id);
  });

  it('get_my_upload_folder answers a fresh folder on every call', async () => {
    const a = ok(await author.client.rpc('get_my_upload_folder'));
    const b = ok(await author.client.rpc('get_my_upload_folder'));
    expect(a).not.toBe(b);
    expect(a).not.toBe(author.id);
  });

  it("nobody uploads under their user id, an old per-author folder, or into another user's folder", async () => {
    const { folder: legacy } = await one<{ folder: string }>(
      t,
      'select folder::text from private.upload_folders where user_id = $1',
      [author.id],
    );
    const theirs = await uploadMedia(other, 'screenshots');
    for (const path of [
      `${author.id}/mine.png`,
      `${legacy}/mine.png`,
      `${theirs.split('/')[0]!}/next-to-theirs.png`,
      `loose.png`,
    ]) {
      storageRefused(
        await author.client.storage
          .from('screenshots')
          .upload(path, PNG_BYTES, { contentType: 'image/png' }),
        STORAGE.rls,
      );
    }
    // Nor can they read or remove the other user's file.
    storageRefused(
      await author.client.storage.from('screenshots').download(theirs),
      STORAGE.hidden,
    );
    expect(
      (await author.client.storage.from('screenshots').remove([theirs])).data ??
        [],
    ).toEqual([]);
  });

  it('files under the old per-author folder keep working for their author and the company', async () => {
    const { folder: legacy } = await one<{ folder: string }>(
      t,
      'select folder::text from private.upload_folders where user_id = $1',
      [author.id],
    );
    // An upload from before the change: in the author's old folder, owned
    // by them.
    const old = `${legacy}/${randomUUID()}.png`;
    const service = t.client(t.serviceRoleKey);
    expect(
      (
        await service.storage
          .from('screenshots')
          .upload(old, PNG_BYTES, { contentType: 'image/png' })
      ).error,
    ).toBeNull();
    await t.ctx.db.query(
      `update storage.objects set owner = $1::uuid, owner_id = $1::text
        where bucket_id = 'screenshots' and name = $2`,
      [author.id, old],
    );
    ok(
      await author.client
        .from('feedback')
        .insert({ ...payload, screenshot_url: old })
        .select('id')
        .single(),
    );
    expect(
      (await author.client.storage.from('screenshots').download(old)).error,
    ).toBeNull();
    expect(
      (await company.client.storage.from('screenshots').download(old)).error,
    ).toBeNull();
    storageRefused(
      await other.client.storage.from('screenshots').download(old),
      STORAGE.hidden,
    );
  });
});
