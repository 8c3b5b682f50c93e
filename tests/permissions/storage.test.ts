import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  forbidden,
  rows,
  startWorld,
  STORAGE,
  storageRefused,
  USERS,
  type UserRole,
  type World,
} from './support.ts';

// The three buckets: screenshots and audio are private (users upload each
// file to a fresh folder of its own, never their user id, and own what they
// upload; authors and matching companies read), blog-images is public and
// written by blog admins.
let w: World;
/** A fresh folder per call, as the apps use one per file. */
const fresh = () => randomUUID();
const folderOfPath = (path: string) => path.split('/')[0]!;
let shotA: string;
let audioA: string;
let unreferencedA: string;
let feedbackWithMedia: string;
beforeAll(async () => {
  w = await startWorld();
  shotA = `${fresh()}/${randomUUID()}.png`;
  audioA = `${fresh()}/${randomUUID()}.webm`;
  // Next to the screenshot: the author may add more files to a folder of theirs.
  unreferencedA = `${folderOfPath(shotA)}/${randomUUID()}.png`;
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
  // One path per role, uploaded by the insert test, removed by the delete test.
  const ownPath = Object.fromEntries(
    USERS.map((role) => [role, `${fresh()}/own-${role}.${ext}`]),
  ) as Record<UserRole, string>;
  const servicePath = `${fresh()}/by-service.${ext}`;

  describe('insert', () => {
    it.each(USERS)('%s uploads into a fresh folder', async (role) => {
      allowed(
        await w.as[role].storage.from(bucket).upload(ownPath[role], body, {
          contentType: type,
        }),
      );
    });
    it.each(USERS)(
      "%s cannot upload into another user's folder",
      async (role) => {
        const target =
          role === 'consumerA'
            ? folderOfPath(ownPath.consumerB)
            : folderOfPath(pathOf());
        storageRefused(
          await w.as[role].storage
            .from(bucket)
            .upload(`${target}/intruder-${role}.${ext}`, body, {
              contentType: type,
            }),
          STORAGE.rls,
        );
      },
    );
    it.each(USERS)(
      '%s cannot upload into their former per-author folder',
      async (role) => {
        const [row] = await rows<{ folder: string }>(
          w,
          'select folder::text from private.upload_folders where user_id = $1',
          [w.id[role]],
        );
        storageRefused(
          await w.as[role].storage
            .from(bucket)
            .upload(`${row!.folder}/legacy-${role}.${ext}`, body, {
              contentType: type,
            }),
          STORAGE.rls,
        );
      },
    );
    it.each(USERS)('%s cannot upload under their own user id', async (role) => {
      storageRefused(
        await w.as[role].storage
          .from(bucket)
          .upload(`${w.id[role]}/by-uid-${role}.${ext}`, body, {
            contentType: type,
          }),
        STORAGE.rls,
      );
    });
    it('nobody uploads outside a folder', async () => {
      storageRefused(
        await w.as.consumerA.storage
          .from(bucket)
          .upload(`loose.${ext}`, body, { contentType: type }),
        STORAGE.rls,
      );
    });
    it('anon cannot upload', async () => {
      storageRefused(
        await w.as.anon.storage
          .from(bucket)
          .upload(`${fresh()}/anon.${ext}`, body, {
            contentType: type,
          }),
        STORAGE.rls,
      );
    });
    it('service uploads anywhere', async () => {
      allowed(
        await w.as.service.storage.from(bucket).upload(servicePath, body, {
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
        storageRefused(
          await w.as[role].storage.from(bucket).download(pathOf()),
          STORAGE.hidden,
        );
      },
    );
    it('anon cannot download it, not even by public URL', async () => {
      storageRefused(
        await w.as.anon.storage.from(bucket).download(pathOf()),
        STORAGE.hidden,
      );
      const url = w.as.anon.storage.from(bucket).getPublicUrl(pathOf())
        .data.publicUrl;
      const res = await fetch(url);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        statusCode: '404',
        code: 'NoSuchBucket',
      });
    });
    it('service downloads it', async () => {
      allowed(await w.as.service.storage.from(bucket).download(pathOf()));
    });
    it('company X cannot list files that belong to no feedback of theirs', async () => {
      const { data } = await w.as.companyX.storage
        .from(bucket)
        .list(folderOfPath(ownPath.consumerB));
      expect(data ?? []).toEqual([]);
    });
  });

  describe('update (upsert)', () => {
    it('the author replaces a file of their own', async () => {
      allowed(
        await w.as.consumerA.storage
          .from(bucket)
          .update(pathOf(), body, { contentType: type }),
      );
    });
    it.each(['consumerB', 'companyX', 'companyY', 'admin'] as const)(
      "%s cannot overwrite the author's file",
      async (role) => {
        storageRefused(
          await w.as[role].storage
            .from(bucket)
            .update(pathOf(), body, { contentType: type }),
          STORAGE.rls,
        );
      },
    );
    it('anon cannot overwrite', async () => {
      storageRefused(
        await w.as.anon.storage
          .from(bucket)
          .update(pathOf(), body, { contentType: type }),
        STORAGE.rls,
      );
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
    it.each(USERS)('%s removes a file of their own', async (role) => {
      const res = await w.as[role].storage.from(bucket).remove([ownPath[role]]);
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
      allowed(await w.as.service.storage.from(bucket).remove([servicePath]), 1);
    });
  });

  it('refuses a file of the wrong type', async () => {
    storageRefused(
      await w.as.consumerA.storage
        .from(bucket)
        .upload(`${fresh()}/notes.txt`, 'hello', {
          contentType: 'text/plain',
        }),
      STORAGE.badType,
    );
  });
});

describe('companies read by exact path, not by folder', () => {
  it("company X cannot read an unreferenced file in the screenshot's folder", async () => {
    storageRefused(
      await w.as.companyX.storage.from('screenshots').download(unreferencedA),
      STORAGE.hidden,
    );
    allowed(
      await w.as.consumerA.storage.from('screenshots').download(unreferencedA),
    );
  });
  it("listing the screenshot's folder shows company X only the referenced file", async () => {
    const folder = folderOfPath(shotA);
    const { data } = await w.as.companyX.storage
      .from('screenshots')
      .list(folder);
    expect((data ?? []).map((o) => `${folder}/${o.name}`)).toEqual([shotA]);
  });
});

describe('anonymity of upload paths (DECISIONS.md "Anonymity")', () => {
  const secretsOfA = () => [w.id.consumerA, w.email.consumerA, 'Alice Author'];

  it("no upload folder is a user id, and one author's files share no folder", () => {
    expect(folderOfPath(shotA)).not.toBe(folderOfPath(audioA));
    for (const path of [shotA, audioA]) {
      expect(folderOfPath(path)).toMatch(/^[0-9a-f-]{36}$/);
      expect(folderOfPath(path)).not.toBe(w.id.consumerA);
    }
  });

  it('get_my_upload_folder answers a fresh folder on every call; anon cannot call it', async () => {
    for (const role of USERS) {
      const first = await w.as[role].rpc('get_my_upload_folder');
      const second = await w.as[role].rpc('get_my_upload_folder');
      expect(first.error).toBeNull();
      expect(first.data).toMatch(/^[0-9a-f-]{36}$/);
      expect(first.data).not.toBe(second.data);
      expect(first.data).not.toBe(w.id[role]);
    }
    forbidden(await w.as.anon.rpc('get_my_upload_folder'));
    // It takes no argument: nobody can ask for someone else's folder.
    // (PostgREST finds no function of that signature: PGRST202, 404.)
    const other = await w.as.companyX.rpc('get_my_upload_folder', {
      p_user_id: w.id.consumerA,
    });
    expect(other.error?.code).toBe('PGRST202');
    expect(other.status).toBe(404);
  });

  it('the company detail RPC gives the path with no author id, e-mail or name', async () => {
    const { data, error } = await w.as.companyX.rpc(
      'get_company_feedback_detail',
      { feedback_uuid: feedbackWithMedia },
    );
    expect(error).toBeNull();
    const detail = (data as Record<string, unknown>[])[0];
    expect(detail).toMatchObject({ screenshot_url: shotA, audio_url: audioA });
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

  it('keeps the former per-author folders in private.upload_folders only', async () => {
    expect(
      await rows(w, `select 1 from private.upload_folders where user_id = $1`, [
        w.id.consumerA,
      ]),
    ).toHaveLength(1);
  });
});

describe('screenshots size limit', () => {
  it('refuses more than 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    storageRefused(
      await w.as.consumerA.storage
        .from('screenshots')
        .upload(`${fresh()}/big.png`, big, { contentType: 'image/png' }),
      STORAGE.tooLarge,
    );
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
      storageRefused(
        await bucket.upload(`by-${role}.png`, PNG, {
          contentType: 'image/png',
        }),
        STORAGE.rls,
      );
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
