import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bytesOf,
  PNG,
  startStorageBackend,
  type StorageBackend,
} from './storage-backend.ts';

let s: StorageBackend;
let pathB: string;
beforeAll(async () => {
  s = await startStorageBackend();
  pathB = `${s.userB}/private.png`;
  const { error } = await s.b.storage
    .from('screenshots')
    .upload(pathB, PNG, { contentType: 'image/png' });
  expect(error).toBeNull();
});
afterAll(() => s?.t.stop());

describe('private buckets: each user owns their folder', () => {
  it("stores the caller's id as owner", async () => {
    const { rows } = await s.t.ctx.db.query<{
      owner: string;
      owner_id: string;
    }>('select owner, owner_id from storage.objects where name = $1', [pathB]);
    expect(rows[0]).toEqual({ owner: s.userB, owner_id: s.userB });
  });

  it('another user cannot read, sign, list or overwrite the file', async () => {
    const bucket = s.a.storage.from('screenshots');
    expect((await bucket.download(pathB)).error).toMatchObject({
      code: 'NoSuchKey',
    });
    expect((await bucket.createSignedUrl(pathB, 60)).error).toMatchObject({
      code: 'NoSuchKey',
    });
    expect((await bucket.list(s.userB)).data).toEqual([]);
    const overwrite = await bucket.upload(pathB, PNG, {
      contentType: 'image/png',
      upsert: true,
    });
    expect(overwrite.error).toMatchObject({
      status: 400,
      statusCode: '403',
      code: 'AccessDenied',
      message: 'new row violates row-level security policy',
    });
  });

  it('another user cannot write into the folder, move or delete from it', async () => {
    const bucket = s.a.storage.from('screenshots');
    const write = await bucket.upload(`${s.userB}/planted.png`, PNG, {
      contentType: 'image/png',
    });
    expect(write.error).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
    });
    expect(
      (await bucket.move(pathB, `${s.userA}/stolen.png`)).error,
    ).toMatchObject({
      code: 'NoSuchKey',
    });
    expect((await bucket.remove([pathB])).data).toEqual([]);
    const still = await s.b.storage.from('screenshots').download(pathB);
    expect(await bytesOf(still.data)).toEqual(PNG);
  });

  it('a user cannot move their own file into another folder', async () => {
    const mine = `${s.userA}/mine.png`;
    await s.a.storage
      .from('screenshots')
      .upload(mine, PNG, { contentType: 'image/png' });
    const { error } = await s.a.storage
      .from('screenshots')
      .move(mine, `${s.userB}/gift.png`);
    expect(error).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
    expect((await s.a.storage.from('screenshots').exists(mine)).data).toBe(
      true,
    );
  });

  it('anon can neither read nor write private buckets', async () => {
    const bucket = s.anon.storage.from('screenshots');
    expect((await bucket.download(pathB)).error).toMatchObject({
      code: 'NoSuchKey',
    });
    const up = await bucket.upload(`${s.userB}/anon.png`, PNG, {
      contentType: 'image/png',
    });
    expect(up.error).toMatchObject({ code: 'AccessDenied' });
    const res = await fetch(
      `${s.t.url}/storage/v1/object/screenshots/${pathB}`,
      { headers: { apikey: s.t.anonKey } },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: '404',
      code: 'NoSuchBucket',
    });
  });

  it('an invalid token is AccessDenied on strict routes', async () => {
    const forged = s.t.client(s.t.anonKey, {
      Authorization: 'Bearer not.a.jwt',
    });
    const { error } = await forged.storage
      .from('screenshots')
      .upload(`${s.userB}/x.png`, PNG, { contentType: 'image/png' });
    expect(error).toMatchObject({
      status: 400,
      statusCode: '403',
      code: 'AccessDenied',
    });
  });
});

describe('public bucket', () => {
  const path = 'posts/cover.png';
  beforeAll(async () => {
    const { error } = await s.service.storage
      .from('blog-images')
      .upload(path, PNG, { contentType: 'image/png' });
    expect(error).toBeNull();
  });

  it('serves the public URL without any auth', async () => {
    const { data } = s.anon.storage.from('blog-images').getPublicUrl(path);
    expect(data.publicUrl).toBe(
      `${s.t.url}/storage/v1/object/public/blog-images/${path}`,
    );
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    const download = await fetch(`${data.publicUrl}?download=cover.png`);
    expect(download.headers.get('content-disposition')).toBe(
      "attachment; filename=cover.png; filename*=UTF-8''cover.png",
    );
  });

  it('refuses the public URL of a private bucket', async () => {
    const { data } = s.anon.storage.from('screenshots').getPublicUrl(pathB);
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    });
  });

  it('only the service role writes it', async () => {
    const anon = await s.anon.storage
      .from('blog-images')
      .upload('posts/x.png', PNG, { contentType: 'image/png' });
    expect(anon.error).toMatchObject({ code: 'AccessDenied' });
    const user = await s.a.storage
      .from('blog-images')
      .upload(path, PNG, { contentType: 'image/png', upsert: true });
    expect(user.error).toMatchObject({ code: 'AccessDenied' });
    expect((await s.a.storage.from('blog-images').remove([path])).data).toEqual(
      [],
    );
  });
});
