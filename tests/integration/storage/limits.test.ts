import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HTML,
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

const shots = () => s.a.storage.from('screenshots');

describe('bucket limits', () => {
  it('refuses a file over the bucket size limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const { error } = await shots().upload(`${s.userA}/big.png`, big, {
      contentType: 'image/png',
    });
    expect(error).toMatchObject({
      status: 400,
      statusCode: '413',
      code: 'EntityTooLarge',
      message: 'The object exceeded the maximum allowed size',
    });
  });

  it('refuses a multipart file over the limit too', async () => {
    const big = new Blob([PNG, Buffer.alloc(5 * 1024 * 1024)], {
      type: 'image/png',
    });
    const { error } = await shots().upload(`${s.userA}/big2.png`, big);
    expect(error).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  });

  it('refuses a type the bucket does not allow', async () => {
    const { error } = await shots().upload(`${s.userA}/note.txt`, 'hello');
    expect(error).toMatchObject({
      status: 400,
      statusCode: '415',
      code: 'InvalidMimeType',
      message: 'mime type text/plain;charset=UTF-8 is not supported',
    });
    const audio = await s.a.storage
      .from('audio')
      .upload(`${s.userA}/x.png`, PNG, { contentType: 'image/png' });
    expect(audio.error).toMatchObject({ code: 'InvalidMimeType' });
  });

  it('matches wildcards and keeps parameters verbatim', async () => {
    const { error } = await s.a.storage
      .from('audio')
      .upload(`${s.userA}/rec.webm`, WEBM, {
        contentType: 'audio/webm;codecs=opus',
      });
    expect(error).toBeNull();
  });

  it('refuses bytes that are not the declared type', async () => {
    const html = await shots().upload(`${s.userA}/evil.png`, HTML, {
      contentType: 'image/png',
    });
    expect(html.error).toMatchObject({
      statusCode: '415',
      code: 'InvalidMimeType',
      message: 'mime type image/png does not match the file content',
    });
    const asBlob = await shots().upload(
      `${s.userA}/evil2.png`,
      new Blob([HTML], { type: 'image/png' }),
    );
    expect(asBlob.error).toMatchObject({ code: 'InvalidMimeType' });
    const jpegAsPng = await shots().upload(
      `${s.userA}/j.png`,
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
      { contentType: 'image/png' },
    );
    expect(jpegAsPng.error).toMatchObject({ code: 'InvalidMimeType' });
    const markup = await shots().upload(`${s.userA}/x.bmp`, HTML, {
      contentType: 'image/bmp',
    });
    expect(markup.error).toMatchObject({ code: 'InvalidMimeType' });
    const { data } = await s.a.storage.from('screenshots').list(s.userA);
    expect(data?.map((f) => f.name)).not.toContain('evil.png');
  });
});

describe('object keys and buckets', () => {
  it.each([
    ['a parent segment', (u: string) => `${u}/..%2F..%2Fescape.png`],
    ['an empty segment', (u: string) => `${u}/a%2F%2Fb.png`],
    ['a control character', (u: string) => `${u}/bad%0Aname.png`],
    ['a dot segment', (u: string) => `${u}/.%2Fx.png`],
    [
      'a segment too long for a file name',
      (u: string) => `${u}/${'x'.repeat(256)}`,
    ],
  ])('refuses %s', async (_, path) => {
    const { error } = await shots().upload(path(s.userA), PNG, {
      contentType: 'image/png',
    });
    expect(error).toMatchObject({
      status: 400,
      statusCode: '400',
      code: 'InvalidKey',
    });
  });

  it('refuses traversal in move and copy destinations', async () => {
    const from = `${s.userA}/src.png`;
    await shots().upload(from, PNG, { contentType: 'image/png' });
    const moved = await shots().move(from, `${s.userA}/../../x.png`);
    expect(moved.error).toMatchObject({ code: 'InvalidKey' });
    const copied = await shots().copy(from, '/abs.png');
    expect(copied.error).toMatchObject({ code: 'InvalidKey' });
  });

  it('refuses traversal sent without URL normalisation', async () => {
    const jwt = await s.t.ctx.jwt.sign(
      { sub: s.userA, role: 'authenticated' },
      60,
    );
    const { request } = await import('node:http');
    const url = new URL(s.t.url);
    const status = await new Promise<{ code: number; body: string }>((done) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: `/storage/v1/object/screenshots/${s.userA}/../../../etc/passwd`,
          headers: {
            Authorization: `Bearer ${jwt}`,
            apikey: s.t.anonKey,
            'content-type': 'image/png',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => done({ code: res.statusCode ?? 0, body }));
        },
      );
      req.end(PNG);
    });
    expect(status.code).toBe(400);
    expect(JSON.parse(status.body)).toMatchObject({ code: 'InvalidKey' });
  });

  it('answers Bucket not found for an unknown bucket', async () => {
    const up = await s.a.storage
      .from('nope')
      .upload(`${s.userA}/a.png`, PNG, { contentType: 'image/png' });
    expect(up.error).toMatchObject({
      status: 400,
      statusCode: '404',
      code: 'NoSuchBucket',
      message: 'Bucket not found',
    });
    const down = await s.a.storage.from('nope').download(`${s.userA}/a.png`);
    expect(down.error).toMatchObject({ code: 'NoSuchBucket' });
  });
});
