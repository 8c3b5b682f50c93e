import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bytesOf,
  PNG,
  startStorageBackend,
  WEBM,
  type StorageBackend,
} from './storage-backend.ts';

let s: StorageBackend;
beforeAll(async () => {
  s = await startStorageBackend();
});
afterAll(() => s?.t.stop());

describe('upload and download', () => {
  it('round-trips raw bytes with their type and cache-control', async () => {
    const path = `${s.userA}/shot.png`;
    const up = await s.a.storage
      .from('screenshots')
      .upload(path, PNG, { contentType: 'image/png', cacheControl: '60' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `screenshots/${path}` });
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const down = await s.a.storage.from('screenshots').download(path);
    expect(down.error).toBeNull();
    expect(await bytesOf(down.data)).toEqual(PNG);
    expect(down.data?.type).toBe('image/png');
  });

  it('serves the stored headers', async () => {
    const path = `${s.userA}/headers.png`;
    await s.a.storage
      .from('screenshots')
      .upload(path, PNG, { contentType: 'image/png', cacheControl: '120' });
    const { data } = await s.a.storage
      .from('screenshots')
      .createSignedUrl(path, 60);
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('expires')).toBeTruthy();

    const info = await s.a.storage.from('screenshots').info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: path,
      bucketId: 'screenshots',
      size: PNG.length,
      contentType: 'image/png',
      cacheControl: 'max-age=120',
    });
  });

  it('accepts Blob bodies (multipart) and keeps their type', async () => {
    const path = `${s.userA}/voice.webm`;
    const blob = new Blob([WEBM], { type: 'audio/webm' });
    const up = await s.a.storage.from('audio').upload(path, blob);
    expect(up.error).toBeNull();
    const info = await s.a.storage.from('audio').info(path);
    expect(info.data).toMatchObject({
      contentType: 'audio/webm',
      size: WEBM.length,
      cacheControl: 'max-age=3600',
    });
    const down = await s.a.storage.from('audio').download(path);
    expect(await bytesOf(down.data)).toEqual(WEBM);
  });

  it('accepts streams, FormData and user metadata', async () => {
    const bucket = s.a.storage.from('screenshots');
    const streamed = await bucket.upload(
      `${s.userA}/stream.png`,
      Readable.from([PNG]),
      { contentType: 'image/png', metadata: { source: 'extension' } },
    );
    expect(streamed.error).toBeNull();
    const info = await bucket.info(`${s.userA}/stream.png`);
    expect(info.data?.metadata).toEqual({ source: 'extension' });

    const form = new FormData();
    form.append('', new Blob([PNG], { type: 'image/png' }), 'shot.png');
    const viaForm = await bucket.upload(`${s.userA}/form.png`, form);
    expect(viaForm.error).toBeNull();
    const down = await bucket.download(`${s.userA}/form.png`);
    expect(await bytesOf(down.data)).toEqual(PNG);
    expect((await bucket.info(`${s.userA}/form.png`)).data?.metadata).toEqual(
      {},
    );
  });

  it('refuses a second upload without upsert, replaces with it', async () => {
    const path = `${s.userA}/dup.png`;
    const bucket = s.a.storage.from('screenshots');
    expect(
      (await bucket.upload(path, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    const again = await bucket.upload(path, PNG, { contentType: 'image/png' });
    expect(again.error).toMatchObject({
      status: 400,
      statusCode: '409',
      code: 'KeyAlreadyExists',
      message: 'The resource already exists',
    });
    const other = Buffer.concat([PNG, Buffer.from('tail')]);
    const upsert = await bucket.upload(path, other, {
      contentType: 'image/png',
      upsert: true,
    });
    expect(upsert.error).toBeNull();
    expect(await bytesOf((await bucket.download(path)).data)).toEqual(other);
    const updated = await bucket.update(path, PNG, {
      contentType: 'image/png',
    });
    expect(updated.error).toBeNull();
    expect(await bytesOf((await bucket.download(path)).data)).toEqual(PNG);
  });

  it('answers exists() and a missing object as Storage does', async () => {
    const bucket = s.a.storage.from('screenshots');
    await bucket.upload(`${s.userA}/here.png`, PNG, {
      contentType: 'image/png',
    });
    expect((await bucket.exists(`${s.userA}/here.png`)).data).toBe(true);
    expect((await bucket.exists(`${s.userA}/gone.png`)).data).toBe(false);
    const missing = await bucket.download(`${s.userA}/gone.png`);
    expect(missing.error).toMatchObject({
      status: 400,
      statusCode: '404',
      code: 'NoSuchKey',
      message: 'Object not found',
    });
  });

  it('answers HEAD with the object headers and no body', async () => {
    const path = `${s.userA}/head.png`;
    await s.a.storage
      .from('screenshots')
      .upload(path, PNG, { contentType: 'image/png' });
    const jwt = await s.t.ctx.jwt.sign(
      { sub: s.userA, role: 'authenticated' },
      60,
    );
    const res = await fetch(
      `${s.t.url}/storage/v1/object/screenshots/${path}`,
      {
        method: 'HEAD',
        headers: { Authorization: `Bearer ${jwt}`, apikey: s.t.anonKey },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('serves a single byte range', async () => {
    const path = `${s.userA}/range.webm`;
    await s.a.storage
      .from('audio')
      .upload(path, WEBM, { contentType: 'audio/webm' });
    const { data } = await s.a.storage.from('audio').createSignedUrl(path, 60);
    const res = await fetch(data!.signedUrl, {
      headers: { Range: 'bytes=0-3' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-3/${WEBM.length}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(WEBM.subarray(0, 4));
  });
});
