import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { createUser, type TestUser } from '../integration/db/support.ts';

// Red-team finding L11: every download carries `X-Content-Type-Options:
// nosniff` (types a browser could run are also sandboxed and sent as
// attachments: this backend serves files from the web app's origin), and an
// upload whose bytes are a valid image but also a page is refused.
let t: TestBackend;
let user: TestUser;
/** A fresh opaque folder per object, as the apps upload (L5). */
const folder = () => randomUUID();
beforeAll(async () => {
  t = await startTestBackend();
  user = await createUser(t);
  const { error } = await t
    .client(t.serviceRoleKey)
    .storage.createBucket('loose', { public: true });
  expect(error).toBeNull();
});
afterAll(() => t?.stop());

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  return Buffer.concat([
    len,
    Buffer.from(type, 'latin1'),
    data,
    Buffer.alloc(4),
  ]);
};
const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR = chunk('IHDR', Buffer.from('0000000100000001080400000000', 'hex'));
const IDAT = chunk('IDAT', Buffer.from('789c63600000000200013e6e5b6f', 'hex'));
const IEND = chunk('IEND', Buffer.alloc(0));
/** A PNG with extra chunks before the image data. */
const png = (...extra: Buffer[]) =>
  Buffer.concat([PNG_SIG, IHDR, ...extra, IDAT, IEND]);
const PAGE =
  '<html><body><script>alert(document.cookie)</script></body></html>';
/** 2 KB of harmless ancillary data, so markup after it is past the first KB. */
const PADDING = chunk('pRVT', Buffer.alloc(2048, 0x41));
const XMP = chunk(
  'iTXt',
  Buffer.from(
    'XML:com.adobe.xmp\0\0\0\0\0<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description/></rdf:RDF></x:xmpmeta>',
    'latin1',
  ),
);
const jpeg = (...segments: Buffer[]) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...segments,
    Buffer.from([0xff, 0xda, 0x00, 0x02, 0x11, 0x22, 0xff, 0xd9]),
  ]);
const segment = (marker: number, data: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};
const JFIF = segment(
  0xe0,
  Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
);

const upload = (data: Buffer, type: string) =>
  user.client.storage
    .from('screenshots')
    .upload(`${folder()}/${randomUUID()}.img`, data, { contentType: type });

describe('image/page polyglots are refused on upload', () => {
  it.each([
    [
      'a PNG with a page in its first KB',
      'image/png',
      png(chunk('tEXt', Buffer.from(`Comment\0${PAGE}`))),
    ],
    [
      'a PNG with a page in a text chunk past the first KB',
      'image/png',
      png(PADDING, chunk('tEXt', Buffer.from(`Comment\0${PAGE}`))),
    ],
    [
      'a PNG with a page in a compressed text chunk',
      'image/png',
      png(
        PADDING,
        chunk(
          'zTXt',
          Buffer.concat([Buffer.from('Comment\0\0'), deflateSync(PAGE)]),
        ),
      ),
    ],
    [
      'a JPEG with <svg onload> in a comment past the first KB',
      'image/jpeg',
      jpeg(
        JFIF,
        segment(0xe1, Buffer.alloc(2048, 0x41)),
        segment(0xfe, Buffer.from('<svg onload=alert(1)>')),
      ),
    ],
    [
      'a WebP with a script tag after its header',
      'image/webp',
      Buffer.concat([
        Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'),
        Buffer.from(`\0\0\0\0<script>alert(1)</script>`),
      ]),
    ],
  ])('%s', async (_, type, data) => {
    const { data: stored, error } = await upload(data, type);
    expect(stored).toBeNull();
    expect(error).toMatchObject({
      statusCode: '415',
      message: `mime type ${type} does not match the file content`,
    });
  });

  it('a plain PNG, or one with XMP metadata, is accepted', async () => {
    expect((await upload(png(), 'image/png')).error).toBeNull();
    expect((await upload(png(XMP, PADDING), 'image/png')).error).toBeNull();
    expect((await upload(jpeg(JFIF), 'image/jpeg')).error).toBeNull();
  });
});

describe('downloads carry nosniff', () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/storage/v1/${path}`, {
      headers: { apikey: t.anonKey, ...headers },
    });

  it('public, authenticated, signed, HEAD and 304 answers', async () => {
    const name = `${folder()}/${randomUUID()}.png`;
    expect(
      (
        await user.client.storage
          .from('screenshots')
          .upload(name, png(), { contentType: 'image/png' })
      ).error,
    ).toBeNull();
    const loose = `${randomUUID()}.png`;
    const service = t.client(t.serviceRoleKey);
    expect(
      (
        await service.storage
          .from('loose')
          .upload(loose, png(), { contentType: 'image/png' })
      ).error,
    ).toBeNull();
    const auth = { authorization: `Bearer ${await userToken()}` };
    const signed = await user.client.storage
      .from('screenshots')
      .createSignedUrl(name, 60);
    expect(signed.error).toBeNull();
    const answers = [
      await get(`object/public/loose/${loose}`),
      await get(`object/authenticated/screenshots/${name}`, auth),
      await get(`object/screenshots/${name}`, auth),
      await fetch(signed.data!.signedUrl),
      await fetch(`${t.url}/storage/v1/object/screenshots/${name}`, {
        method: 'HEAD',
        headers: { apikey: t.anonKey, ...auth },
      }),
    ];
    const first = answers[0]!;
    answers.push(
      await get(`object/public/loose/${loose}`, {
        'if-none-match': first.headers.get('etag')!,
      }),
    );
    expect(answers.map((r) => r.status)).toEqual([
      200, 200, 200, 200, 200, 304,
    ]);
    for (const r of answers) {
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      // An image stays inline, for <img> and for the app's viewer.
      expect(r.headers.get('content-disposition')).toBeNull();
    }
  });

  it.each([
    ['text/html', 'text/plain'],
    ['image/svg+xml', 'image/svg+xml'],
    ['application/xhtml+xml', 'application/xhtml+xml'],
    ['text/javascript', 'text/javascript'],
  ])('a %s file is sandboxed and sent as an attachment', async (type, sent) => {
    const name = `${randomUUID()}.bin`;
    const body =
      type === 'image/svg+xml'
        ? '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'
        : PAGE;
    expect(
      (
        await t
          .client(t.serviceRoleKey)
          .storage.from('loose')
          .upload(name, Buffer.from(body), { contentType: type })
      ).error,
    ).toBeNull();
    const r = await get(`object/public/loose/${name}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain(sent);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-disposition')).toBe('attachment');
    expect(r.headers.get('content-security-policy')).toBe(
      "default-src 'none'; sandbox",
    );
  });
});

async function userToken(): Promise<string> {
  return t.ctx.jwt.sign(
    {
      sub: user.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: user.email,
    },
    3600,
  );
}
