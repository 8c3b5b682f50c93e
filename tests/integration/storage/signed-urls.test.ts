import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bytesOf,
  PNG,
  startStorageBackend,
  type StorageBackend,
} from './storage-backend.ts';

let s: StorageBackend;
let offsetMs = 0;
let path: string;
beforeAll(async () => {
  s = await startStorageBackend({ now: () => new Date(Date.now() + offsetMs) });
  path = `${s.userA}/signed.png`;
  await s.a.storage
    .from('screenshots')
    .upload(path, PNG, { contentType: 'image/png' });
});
afterAll(() => s?.t.stop());

const errorOf = async (res: Response) => ({
  status: res.status,
  ...(await res.json()),
});

describe('signed URLs', () => {
  it('downloads without any auth header until they expire', async () => {
    offsetMs = 0;
    const { data, error } = await s.a.storage
      .from('screenshots')
      .createSignedUrl(path, 60);
    expect(error).toBeNull();
    expect(data?.signedUrl).toMatch(
      new RegExp(
        `^${s.t.url}/storage/v1/object/sign/screenshots/${path}\\?token=`,
      ),
    );
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);

    offsetMs = 61_000;
    const late = await fetch(data!.signedUrl);
    expect(await errorOf(late)).toEqual({
      status: 400,
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    });
    offsetMs = 0;
  });

  it('refuses a bad token, a token for another object and a user JWT', async () => {
    const base = `${s.t.url}/storage/v1/object/sign/screenshots/${path}`;
    expect(await errorOf(await fetch(`${base}?token=garbage`))).toMatchObject({
      status: 400,
      code: 'InvalidJWT',
    });
    const other = `${s.userA}/other.png`;
    await s.a.storage
      .from('screenshots')
      .upload(other, PNG, { contentType: 'image/png' });
    const { data } = await s.a.storage
      .from('screenshots')
      .createSignedUrl(other, 60);
    const token = new URL(data!.signedUrl).searchParams.get('token');
    expect(await errorOf(await fetch(`${base}?token=${token}`))).toMatchObject({
      code: 'InvalidSignature',
      message: 'Invalid signature',
    });
    const userJwt = await s.t.ctx.jwt.sign(
      { sub: s.userA, role: 'authenticated' },
      60,
    );
    expect(
      await errorOf(await fetch(`${base}?token=${userJwt}`)),
    ).toMatchObject({
      code: 'InvalidSignature',
    });
    expect(await errorOf(await fetch(base))).toMatchObject({
      status: 400,
      code: 'InvalidRequest',
    });
  });

  it('signs many paths, with an error for what the caller cannot read', async () => {
    const pathB = `${s.userB}/b.png`;
    await s.b.storage
      .from('screenshots')
      .upload(pathB, PNG, { contentType: 'image/png' });
    const { data, error } = await s.a.storage
      .from('screenshots')
      .createSignedUrls([path, pathB, `${s.userA}/missing.png`], 60, {
        download: true,
      });
    expect(error).toBeNull();
    expect(data?.map((d) => [d.path, d.error])).toEqual([
      [path, null],
      [
        pathB,
        'Either the object does not exist or you do not have access to it',
      ],
      [
        `${s.userA}/missing.png`,
        'Either the object does not exist or you do not have access to it',
      ],
    ]);
    const res = await fetch(data![0]!.signedUrl!);
    expect(res.headers.get('content-disposition')).toBe('attachment;');
    expect(data![1]!.signedUrl).toBeNull();
  });

  it('uploads through a signed upload URL as its owner', async () => {
    const target = `${s.userA}/via-signed.png`;
    const { data, error } = await s.a.storage
      .from('screenshots')
      .createSignedUploadUrl(target);
    expect(error).toBeNull();
    const up = await s.anon.storage
      .from('screenshots')
      .uploadToSignedUrl(target, data!.token, PNG, {
        contentType: 'image/png',
      });
    expect(up.error).toBeNull();
    expect(up.data?.fullPath).toBe(`screenshots/${target}`);
    const down = await s.a.storage.from('screenshots').download(target);
    expect(await bytesOf(down.data)).toEqual(PNG);
    const again = await s.anon.storage
      .from('screenshots')
      .uploadToSignedUrl(target, data!.token, PNG, {
        contentType: 'image/png',
      });
    expect(again.error).toMatchObject({ code: 'KeyAlreadyExists' });
  });

  it('refuses a signed upload URL for a folder the caller does not own', async () => {
    const { error } = await s.a.storage
      .from('screenshots')
      .createSignedUploadUrl(`${s.userB}/x.png`);
    expect(error).toMatchObject({ statusCode: '403', code: 'AccessDenied' });
  });

  it('does not accept a download token for uploads', async () => {
    const { data } = await s.a.storage
      .from('screenshots')
      .createSignedUrl(path, 60);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const { error } = await s.anon.storage
      .from('screenshots')
      .uploadToSignedUrl(path, token, PNG, { contentType: 'image/png' });
    expect(error).toMatchObject({
      code: 'InvalidSignature',
      message: 'Token is not scoped for upload',
    });
  });
});
