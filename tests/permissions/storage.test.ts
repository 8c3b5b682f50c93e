import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  forbidden,
  rows,
  startWorld,
  USERS,
  type UserRole,
  type World,
} from './support.ts';

// The three buckets: screenshots and audio are private (users upload to their
// own opaque folder, never their user id; authors and matching companies
// read), blog-images is public and written by blog admins.
let w: World;
let folder: Record<UserRole, string>;
let shotA: string;
let audioA: string;
let unreferencedA: string;
let feedbackWithMedia: string;
beforeAll(async () => {
  w = await startWorld();
  const entries = await Promise.all(
    USERS.map(async (role) => {
      const { data, error } = await w.as[role].rpc('get_my_upload_folder');
      expect(error).toBeNull();
      return [role, data as string] as const;
    }),
  );
  folder = Object.fromEntries(entries) as Record<UserRole, string>;
  shotA = `${folder.consumerA}/${randomUUID()}.png`;
  audioA = `${folder.consumerA}/${randomUUID()}.webm`;
  unreferencedA = `${folder.consumerA}/${randomUUID()}.png`;
  for (const [bucket, path, body, type] of [
    ['screenshots', shotA, PNG, 'image/png'],
    ['audio', audioA, WEBM, 'audio/webm'],
    ['screenshots', unreferencedA, PNG, 'image/png'],
  ] as const) {
    const { error } = await w.as.consumerA.storage
      .from(bucket)
      .upload(path, body, { contentType: type });
    expect(error).toBeNull();
  }
  // A submits a feedback on example.com (company X's domain) referencing the
  // first two uploads, through the API as the web app and extension do.
  const { data, error } = await w.as.consumerA
    .from('feedback')
    .insert({
      title: 'Broken checkout',
      description: 'The pay button does nothing.',
      company_name: 'Example',
      website_url: 'https://example.com/with-media',
      screenshot_url: shotA,
      audio_url: audioA,
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  feedbackWithMedia = (data as { id: string }).id;
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
  const otherOf = (role: UserRole) =>
    role === 'consumerA' ? 'consumerB' : 'consumerA';

  describe('insert', () => {
    it.each(USERS)('%s uploads into their own folder', async (role) => {
      allowed(
        await w.as[role].storage
          .from(bucket)
          .upload(`${folder[role]}/own-${role}.${ext}`, body, {
            contentType: type,
          }),
      );
    });
    it.each(USERS)(
      "%s cannot upload into another user's folder",
      async (role) => {
        const { error } = await w.as[role].storage
          .from(bucket)
          .upload(`${folder[otherOf(role)]}/intruder-${role}.${ext}`, body, {
            contentType: type,
          });
        expect(error).not.toBeNull();
      },
    );
    it.each(USERS)('%s cannot upload under their own user id', async (role) => {
      const { error } = await w.as[role].storage
        .from(bucket)
        .upload(`${w.id[role]}/by-uid-${role}.${ext}`, body, {
          contentType: type,
        });
      expect(error).not.toBeNull();
    });
    it('nobody uploads outside a folder', async () => {
      const { error } = await w.as.consumerA.storage
        .from(bucket)
        .upload(`loose.${ext}`, body, { contentType: type });
      expect(error).not.toBeNull();
    });
    it('anon cannot upload', async () => {
      const { error } = await w.as.anon.storage
        .from(bucket)
        .upload(`${folder.consumerA}/anon.${ext}`, body, {
          contentType: type,
        });
      expect(error).not.toBeNull();
    });
    it('service uploads anywhere', async () => {
      allowed(
        await w.as.service.storage
          .from(bucket)
          .upload(`${folder.consumerB}/by-service.${ext}`, body, {
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
        .list(folder.consumerB);
      expect(data ?? []).toEqual([]);
    });
  });

  describe('update (upsert)', () => {
    it('the author replaces a file of their own folder', async () => {
      allowed(
        await w.as.consumerA.storage
          .from(bucket)
          .update(pathOf(), body, { contentType: type }),
      );
    });
    it.each(['consumerB', 'companyX', 'companyY', 'admin'] as const)(
      "%s cannot overwrite the author's file",
      async (role) => {
        const { error } = await w.as[role].storage
          .from(bucket)
          .update(pathOf(), body, { contentType: type });
        expect(error).not.toBeNull();
      },
    );
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
      const path = `${folder[role]}/own-${role}.${ext}`;
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
          .remove([`${folder.consumerB}/by-service.${ext}`]),
        1,
      );
    });
  });

  it('refuses a file of the wrong type', async () => {
    const { error } = await w.as.consumerA.storage
      .from(bucket)
      .upload(`${folder.consumerA}/notes.txt`, 'hello', {
        contentType: 'text/plain',
      });
    expect(error).not.toBeNull();
  });
});

describe('companies read by exact path, not by folder', () => {
  it("company X cannot read an unreferenced file in the author's folder", async () => {
    const { error } = await w.as.companyX.storage
      .from('screenshots')
      .download(unreferencedA);
    expect(error).not.toBeNull();
    allowed(
      await w.as.consumerA.storage.from('screenshots').download(unreferencedA),
    );
  });
  it("listing the author's folder shows company X only the referenced file", async () => {
    const { data } = await w.as.companyX.storage
      .from('screenshots')
      .list(folder.consumerA);
    expect((data ?? []).map((o) => `${folder.consumerA}/${o.name}`)).toEqual([
      shotA,
    ]);
  });
});

describe('anonymity of upload paths (DECISIONS.md "Anonymity")', () => {
  const secretsOfA = () => [w.id.consumerA, w.email.consumerA, 'Alice Author'];

  it('every user has an opaque folder of their own, not their user id', () => {
    const folders = USERS.map((role) => folder[role]);
    expect(new Set(folders).size).toBe(USERS.length);
    for (const role of USERS) {
      expect(folder[role]).toMatch(/^[0-9a-f-]{36}$/);
      expect(folder[role]).not.toBe(w.id[role]);
    }
  });

  it("get_my_upload_folder returns the caller's folder only; anon cannot call it", async () => {
    for (const role of USERS) {
      const { data, error } = await w.as[role].rpc('get_my_upload_folder');
      expect(error).toBeNull();
      expect(data).toBe(folder[role]);
    }
    forbidden(await w.as.anon.rpc('get_my_upload_folder'));
    // It takes no argument: nobody can ask for someone else's folder.
    expect(
      (
        await w.as.companyX.rpc('get_my_upload_folder', {
          p_user_id: w.id.consumerA,
        })
      ).error,
    ).not.toBeNull();
  });

  it('the company detail RPC gives the path with no author id, e-mail or name', async () => {
    const { data, error } = await w.as.companyX.rpc(
      'get_company_feedback_detail',
      { feedback_uuid: feedbackWithMedia },
    );
    expect(error).toBeNull();
    const detail = (data as Record<string, unknown>[])[0];
    expect(detail).toMatchObject({ screenshot_url: shotA, audio_url: audioA });
    expect(shotA.split('/')[0]).toBe(folder.consumerA);
    const text = JSON.stringify(data);
    for (const secret of secretsOfA()) expect(text).not.toContain(secret);
    expect(Object.keys(detail ?? {})).not.toContain('user_id');
  });

  it('the company list RPC and realtime events carry no author identity', async () => {
    const list = await w.as.companyX.rpc('get_company_feedback');
    allowed(list);
    const events = await w.as.companyX
      .from('company_feedback_events')
      .select('*');
    allowed(events);
    expect((events.data ?? []).length).toBeGreaterThan(0);
    for (const text of [
      JSON.stringify(list.data),
      JSON.stringify(events.data),
    ]) {
      for (const secret of secretsOfA()) expect(text).not.toContain(secret);
      expect(text).not.toContain(folder.consumerA);
    }
  });

  it.each(['companyX', 'consumerB'] as const)(
    '%s cannot map a folder to a user: feedback, profiles and the folder table are closed',
    async (role) => {
      const client = w.as[role];
      const byPath = await client
        .from('feedback')
        .select('user_id')
        .eq('screenshot_url', shotA);
      expect(byPath.data ?? []).toEqual([]);
      const profile = await client
        .from('profiles')
        .select('id')
        .eq('id', w.id.consumerA);
      expect(profile.data ?? []).toEqual([]);
      // The mapping table is in the private schema, outside the REST API and
      // closed to the API roles even in SQL.
      expect(
        (await client.schema('private').from('upload_folders').select('*'))
          .data ?? null,
      ).toBeNull();
      await expect(
        w.t.ctx.db.transaction(
          (tx) => tx.query('select * from private.upload_folders'),
          {
            role: 'authenticated',
            settings: {
              'request.jwt.claims': JSON.stringify({
                role: 'authenticated',
                sub: w.id[role],
              }),
            },
          },
        ),
      ).rejects.toMatchObject({ code: '42501' });
    },
  );

  it("stores each user's folder in private.upload_folders only", async () => {
    expect(
      await rows(
        w,
        `select folder::text from private.upload_folders where user_id = $1`,
        [w.id.consumerA],
      ),
    ).toEqual([{ folder: folder.consumerA }]);
  });
});

describe('screenshots size limit', () => {
  it('refuses more than 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const { error } = await w.as.consumerA.storage
      .from('screenshots')
      .upload(`${folder.consumerA}/big.png`, big, { contentType: 'image/png' });
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
