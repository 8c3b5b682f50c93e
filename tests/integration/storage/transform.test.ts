import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bytesOf,
  startStorageBackend,
  type StorageBackend,
} from './storage-backend.ts';

// A screenshot-sized PNG: 1920×1080, two colours so the crop is visible.
const SHOT = await sharp({
  create: { width: 1920, height: 1080, channels: 3, background: '#3366cc' },
})
  .composite([
    {
      input: {
        create: { width: 960, height: 1080, channels: 3, background: '#fff' },
      },
      left: 960,
      top: 0,
    },
  ])
  .png()
  .toBuffer();

let s: StorageBackend;
let path: string;
beforeAll(async () => {
  s = await startStorageBackend();
  path = `${s.userA}/shot.png`;
  const up = await s.a.storage
    .from('screenshots')
    .upload(path, SHOT, { contentType: 'image/png', cacheControl: '600' });
  expect(up.error).toBeNull();
  const pub = await s.service.storage
    .from('blog-images')
    .upload('cover.png', SHOT, { contentType: 'image/png' });
  expect(pub.error).toBeNull();
});
afterAll(() => s?.t.stop());

const metaOf = (b: Buffer) => sharp(b).metadata();

describe('image transformations', () => {
  it('download({ transform }) resizes as the owner, keeping the aspect ratio', async () => {
    const { data, error } = await s.a.storage
      .from('screenshots')
      .download(path, { transform: { width: 400 } });
    expect(error).toBeNull();
    const meta = await metaOf(await bytesOf(data));
    expect([meta.width, meta.height, meta.format]).toEqual([400, 225, 'png']);
  });

  it('is RLS-checked: another user cannot render the object', async () => {
    const { data, error } = await s.b.storage
      .from('screenshots')
      .download(path, { transform: { width: 100 } });
    expect(data).toBeNull();
    expect(error).not.toBeNull();
    const res = await fetch(
      `${s.t.url}/storage/v1/render/image/authenticated/screenshots/${path}?width=100`,
      { headers: { apikey: s.t.anonKey } },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: '404',
      code: 'NoSuchBucket',
    });
  });

  it('resize modes: cover crops, contain fits inside, fill stretches', async () => {
    const size = async (resize: 'cover' | 'contain' | 'fill') => {
      const { data } = await s.a.storage
        .from('screenshots')
        .download(path, { transform: { width: 200, height: 200, resize } });
      const m = await metaOf(await bytesOf(data));
      return [m.width, m.height];
    };
    expect(await size('cover')).toEqual([200, 200]);
    expect(await size('contain')).toEqual([200, 113]);
    expect(await size('fill')).toEqual([200, 200]);
  });

  it('getPublicUrl({ transform }) serves WebP to browsers, the origin format on request, never enlarged', async () => {
    const { data } = s.anon.storage
      .from('blog-images')
      .getPublicUrl('cover.png', { transform: { width: 300, quality: 60 } });
    expect(data.publicUrl).toBe(
      `${s.t.url}/storage/v1/render/image/public/blog-images/cover.png?width=300&quality=60`,
    );
    const res = await fetch(data.publicUrl, {
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-transformations')).toBe(
      'width:300,resize:cover,quality:60',
    );
    const etag = res.headers.get('etag')!;
    const meta = await metaOf(Buffer.from(await res.arrayBuffer()));
    expect([meta.format, meta.width]).toEqual(['webp', 300]);

    const again = await fetch(data.publicUrl, {
      headers: { accept: 'image/webp', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    const origin = s.anon.storage
      .from('blog-images')
      .getPublicUrl('cover.png', {
        transform: { width: 5000, format: 'origin' },
      }).data.publicUrl;
    const big = await fetch(origin, { headers: { accept: 'image/webp' } });
    expect(big.headers.get('content-type')).toBe('image/png');
    const m = await metaOf(Buffer.from(await big.arrayBuffer()));
    expect([m.width, m.height]).toEqual([1920, 1080]);
  });

  it('createSignedUrl({ transform }) signs the options into the token', async () => {
    const { data, error } = await s.a.storage
      .from('screenshots')
      .createSignedUrl(path, 60, { transform: { width: 120, height: 90 } });
    expect(error).toBeNull();
    expect(data!.signedUrl).toMatch(
      new RegExp(
        `^${s.t.url}/storage/v1/render/image/sign/screenshots/${path}\\?token=`,
      ),
    );
    // No credentials at all, and query options cannot change the signed ones.
    const res = await fetch(`${data!.signedUrl}&width=1000`);
    expect(res.status).toBe(200);
    expect(res.headers.get('expires')).toBeTruthy();
    const meta = await metaOf(Buffer.from(await res.arrayBuffer()));
    expect([meta.width, meta.height]).toEqual([120, 90]);

    // A plain download token is not a render token.
    const plain = await s.a.storage
      .from('screenshots')
      .createSignedUrl(path, 60);
    const token = new URL(plain.data!.signedUrl).searchParams.get('token');
    const forged = await fetch(
      `${s.t.url}/storage/v1/render/image/sign/screenshots/${path}?token=${token}`,
    );
    expect(forged.status).toBe(400);
    expect((await forged.json()).code).toBe('InvalidSignature');
  });

  it('refuses bad options with the schema messages and non-images with 422', async () => {
    const base = `${s.t.url}/storage/v1/render/image/authenticated/screenshots/${path}`;
    const get = async (q: string) => {
      const jwt = await s.t.ctx.jwt.sign(
        { sub: s.userA, role: 'authenticated', aud: 'authenticated' },
        60,
      );
      const res = await fetch(`${base}?${q}`, {
        headers: { apikey: s.t.anonKey, authorization: `Bearer ${jwt}` },
      });
      return { status: res.status, ...(await res.json()) };
    };
    expect(await get('width=abc')).toMatchObject({
      status: 400,
      message: 'querystring/width must be integer',
    });
    expect(await get('quality=10')).toMatchObject({
      status: 400,
      message: 'querystring/quality must be >= 20',
    });
    expect(await get('quality=101')).toMatchObject({
      status: 400,
      message: 'querystring/quality must be <= 100',
    });
    expect(await get('resize=stretch')).toMatchObject({
      status: 400,
      message: 'querystring/resize must be equal to one of the allowed values',
    });

    await s.service.storage.createBucket('files', { public: true });
    const up = await s.service.storage
      .from('files')
      .upload('notes.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    const res = await fetch(
      `${s.t.url}/storage/v1/render/image/public/files/notes.txt?width=10`,
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      statusCode: '422',
      code: 'InvalidRequest',
      error: 'InvalidRequest',
      message: 'Source image type not supported',
    });
  });

  it('refuses images over 50 megapixels without decoding them', async () => {
    const huge = await sharp({
      create: { width: 10000, height: 6000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const up = await s.service.storage
      .from('blog-images')
      .upload('huge.png', huge, { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const res = await fetch(
      `${s.t.url}/storage/v1/render/image/public/blog-images/huge.png?width=100`,
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'InvalidRequest',
      message: 'Source image resolution is too big',
    });
  });
});
