import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeedback } from '../integration/db/support.ts';
import { allowed, rows, startWorld, USERS, type World } from './support.ts';

// The three buckets: screenshots and audio are private (authors upload to
// their own folder; authors and matching companies read), blog-images is
// public and written by blog admins.
let w: World;
let shotA: string;
let audioA: string;
beforeAll(async () => {
  w = await startWorld();
  shotA = `${w.id.consumerA}/shot.png`;
  audioA = `${w.id.consumerA}/voice.webm`;
  for (const [bucket, path, body, type] of [
    ['screenshots', shotA, PNG, 'image/png'],
    ['audio', audioA, WEBM, 'audio/webm'],
  ] as const) {
    const { error } = await w.as.consumerA.storage
      .from(bucket)
      .upload(path, body, { contentType: type });
    expect(error).toBeNull();
  }
  // The uploads belong to a feedback on example.com (company X's domain).
  await insertFeedback(w.t, w.id.consumerA, {
    websiteUrl: 'https://example.com/with-media',
    screenshotUrl: shotA,
    audioUrl: audioA,
  });
});
afterAll(() => w?.t.stop());

// A 1×1 transparent PNG and the start of a WebM (EBML) file.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const WEBM = Buffer.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01,
]);

describe('buckets', () => {
  it('are configured with their limits', async () => {
    expect(
      await rows(
        w,
        `select id, public, file_size_limit, allowed_mime_types
           from storage.buckets where id in ('screenshots', 'audio', 'blog-images') order by id`,
      ),
    ).toEqual([
      {
        id: 'audio',
        public: false,
        file_size_limit: 10485760,
        allowed_mime_types: [
          'audio/webm',
          'audio/ogg',
          'audio/mpeg',
          'audio/mp4',
          'audio/wav',
        ],
      },
      {
        id: 'blog-images',
        public: true,
        file_size_limit: 5242880,
        allowed_mime_types: [
          'image/png',
          'image/jpeg',
          'image/webp',
          'image/gif',
        ],
      },
      {
        id: 'screenshots',
        public: false,
        file_size_limit: 5242880,
        allowed_mime_types: [
          'image/png',
          'image/jpeg',
          'image/webp',
          'image/gif',
        ],
      },
    ]);
  });
});

describe.each([
  ['screenshots', PNG, 'image/png', 'png'],
  ['audio', WEBM, 'audio/webm', 'webm'],
] as const)('%s (private)', (bucket, body, type, ext) => {
  const pathOf = () => (bucket === 'screenshots' ? shotA : audioA);

  describe('insert', () => {
    it.each(USERS)('%s uploads into their own folder', async (role) => {
      allowed(
        await w.as[role].storage
          .from(bucket)
          .upload(`${w.id[role]}/own-${role}.${ext}`, body, {
            contentType: type,
          }),
      );
    });
    it.each(USERS)(
      "%s cannot upload into another user's folder",
      async (role) => {
        const target = role === 'consumerA' ? w.id.consumerB : w.id.consumerA;
        const { error } = await w.as[role].storage
          .from(bucket)
          .upload(`${target}/intruder-${role}.${ext}`, body, {
            contentType: type,
          });
        expect(error).not.toBeNull();
      },
    );
    it('anon cannot upload', async () => {
      const { error } = await w.as.anon.storage
        .from(bucket)
        .upload(`${w.id.consumerA}/anon.${ext}`, body, { contentType: type });
      expect(error).not.toBeNull();
    });
    it('service uploads anywhere', async () => {
      allowed(
        await w.as.service.storage
          .from(bucket)
          .upload(`${w.id.consumerB}/by-service.${ext}`, body, {
            contentType: type,
          }),
      );
    });
  });

  describe('select (download)', () => {
    it('the author downloads their file', async () => {
      allowed(await w.as.consumerA.storage.from(bucket).download(pathOf()));
    });
    it('the company the feedback belongs to downloads it', async () => {
      allowed(await w.as.companyX.storage.from(bucket).download(pathOf()));
    });
    it.each(['consumerB', 'companyY', 'admin'] as const)(
      '%s cannot download it',
      async (role) => {
        const { error } = await w.as[role].storage
          .from(bucket)
          .download(pathOf());
        expect(error).not.toBeNull();
      },
    );
    it('anon cannot download it, not even by public URL', async () => {
      expect(
        (await w.as.anon.storage.from(bucket).download(pathOf())).error,
      ).not.toBeNull();
      const url = w.as.anon.storage.from(bucket).getPublicUrl(pathOf())
        .data.publicUrl;
      expect((await fetch(url)).ok).toBe(false);
    });
    it('service downloads it', async () => {
      allowed(await w.as.service.storage.from(bucket).download(pathOf()));
    });
    it('company X cannot list files that belong to no feedback of theirs', async () => {
      const { data } = await w.as.companyX.storage
        .from(bucket)
        .list(w.id.consumerB);
      expect(data ?? []).toEqual([]);
    });
  });

  describe('update (upsert)', () => {
    it.each(USERS)('%s cannot overwrite a stored file', async (role) => {
      const { error } = await w.as[role].storage
        .from(bucket)
        .update(pathOf(), body, { contentType: type });
      expect(error).not.toBeNull();
    });
    it('anon cannot overwrite', async () => {
      const { error } = await w.as.anon.storage
        .from(bucket)
        .update(pathOf(), body, { contentType: type });
      expect(error).not.toBeNull();
    });
    it('service may overwrite', async () => {
      allowed(
        await w.as.service.storage
          .from(bucket)
          .update(pathOf(), body, { contentType: type }),
      );
    });
  });

  describe('delete', () => {
    it.each(USERS)('%s removes a file of their own folder', async (role) => {
      const path = `${w.id[role]}/own-${role}.${ext}`;
      const res = await w.as[role].storage.from(bucket).remove([path]);
      allowed(res, 1);
    });
    it.each(['consumerB', 'companyX', 'companyY', 'admin'] as const)(
      "%s cannot remove the author's file",
      async (role) => {
        const res = await w.as[role].storage.from(bucket).remove([pathOf()]);
        expect(res.data ?? []).toEqual([]);
      },
    );
    it('anon cannot remove files', async () => {
      const res = await w.as.anon.storage.from(bucket).remove([pathOf()]);
      expect(res.data ?? []).toEqual([]);
    });
    it('service removes a file', async () => {
      allowed(
        await w.as.service.storage
          .from(bucket)
          .remove([`${w.id.consumerB}/by-service.${ext}`]),
        1,
      );
    });
  });

  it('refuses a file of the wrong type', async () => {
    const { error } = await w.as.consumerA.storage
      .from(bucket)
      .upload(`${w.id.consumerA}/notes.txt`, 'hello', {
        contentType: 'text/plain',
      });
    expect(error).not.toBeNull();
  });
});

describe('screenshots size limit', () => {
  it('refuses more than 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const { error } = await w.as.consumerA.storage
      .from('screenshots')
      .upload(`${w.id.consumerA}/big.png`, big, { contentType: 'image/png' });
    expect(error).not.toBeNull();
  });
});

describe('blog-images (public)', () => {
  it('the blog admin uploads, replaces and removes images', async () => {
    const bucket = w.as.admin.storage.from('blog-images');
    allowed(
      await bucket.upload('cover.png', PNG, { contentType: 'image/png' }),
    );
    allowed(
      await bucket.update('cover.png', PNG, { contentType: 'image/png' }),
    );
    allowed(await bucket.upload('gone.png', PNG, { contentType: 'image/png' }));
    allowed(await bucket.remove(['gone.png']), 1);
  });
  it.each(['consumerA', 'consumerB', 'companyX', 'companyY', 'anon'] as const)(
    '%s cannot upload or remove blog images',
    async (role) => {
      const bucket = w.as[role].storage.from('blog-images');
      expect(
        (
          await bucket.upload(`by-${role}.png`, PNG, {
            contentType: 'image/png',
          })
        ).error,
      ).not.toBeNull();
      expect((await bucket.remove(['cover.png'])).data ?? []).toEqual([]);
    },
  );
  it.each(['anon', ...USERS] as const)(
    '%s reads a blog image',
    async (role) => {
      allowed(
        await w.as[role].storage.from('blog-images').download('cover.png'),
      );
      const url = w.as[role].storage
        .from('blog-images')
        .getPublicUrl('cover.png').data.publicUrl;
      expect((await fetch(url)).ok).toBe(true);
    },
  );
  it('service manages blog images', async () => {
    allowed(
      await w.as.service.storage
        .from('blog-images')
        .upload('service.png', PNG, { contentType: 'image/png' }),
    );
  });
});
