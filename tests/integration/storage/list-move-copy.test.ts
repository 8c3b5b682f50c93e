import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bytesOf,
  PNG,
  startStorageBackend,
  type StorageBackend,
} from './storage-backend.ts';

let s: StorageBackend;
const names = [
  'b.png',
  'a.png',
  'C.png',
  'sub/x.png',
  'sub/deep/y.png',
  'Sub2/z.png',
];
beforeAll(async () => {
  s = await startStorageBackend();
  for (const n of names) {
    const { error } = await s.a.storage
      .from('screenshots')
      .upload(`${s.userA}/${n}`, PNG, { contentType: 'image/png' });
    expect(error).toBeNull();
  }
});
afterAll(() => s?.t.stop());

const shots = () => s.a.storage.from('screenshots');

describe('list', () => {
  it('lists files and folders directly below the prefix, by name', async () => {
    const { data, error } = await shots().list(s.userA);
    expect(error).toBeNull();
    expect(data?.map((f) => f.name)).toEqual([
      'a.png',
      'b.png',
      'C.png',
      'sub',
      'Sub2',
    ]);
    const folder = data?.find((f) => f.name === 'sub');
    expect(folder).toEqual({
      name: 'sub',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    });
    const file = data?.find((f) => f.name === 'a.png');
    expect(file?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file?.metadata).toMatchObject({
      size: PNG.length,
      mimetype: 'image/png',
      cacheControl: 'max-age=3600',
    });
  });

  it('pages, sorts and searches', async () => {
    const page = await shots().list(s.userA, { limit: 2, offset: 1 });
    expect(page.data?.map((f) => f.name)).toEqual(['b.png', 'C.png']);
    const desc = await shots().list(s.userA, {
      sortBy: { column: 'name', order: 'desc' },
    });
    expect(desc.data?.map((f) => f.name)).toEqual([
      'Sub2',
      'sub',
      'C.png',
      'b.png',
      'a.png',
    ]);
    const search = await shots().list(s.userA, { search: 'SU' });
    expect(search.data?.map((f) => f.name)).toEqual(['sub', 'Sub2']);
    const nested = await shots().list(`${s.userA}/sub`);
    expect(nested.data?.map((f) => f.name)).toEqual(['deep', 'x.png']);
    const byDate = await shots().list(s.userA, {
      sortBy: { column: 'created_at' },
    });
    expect(byDate.data?.slice(0, 2).map((f) => f.name)).toEqual([
      'sub',
      'Sub2',
    ]);
  });

  it('lists the user folder at the root only as far as RLS shows', async () => {
    const { data } = await shots().list();
    expect(data?.map((f) => f.name)).toEqual([s.userA]);
    expect((await s.b.storage.from('screenshots').list()).data).toEqual([]);
  });
});

describe('listV2', () => {
  it('lists flat by prefix, or one level with folders', async () => {
    const flat = await shots().listV2({ prefix: `${s.userA}/sub` });
    expect(flat.error).toBeNull();
    expect(flat.data?.objects.map((o) => o.name)).toEqual([
      `${s.userA}/sub/deep/y.png`,
      `${s.userA}/sub/x.png`,
    ]);
    const level = await shots().listV2({
      prefix: `${s.userA}/`,
      with_delimiter: true,
    });
    expect(level.data?.folders).toEqual([
      { key: 'Sub2', id: null, name: `${s.userA}/Sub2/` },
      { key: 'sub', id: null, name: `${s.userA}/sub/` },
    ]);
    expect(level.data?.objects.map((o) => o.key)).toEqual([
      'C.png',
      'a.png',
      'b.png',
    ]);
    expect(level.data?.hasNext).toBe(false);
  });

  it('pages with the cursor it returns', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const { data, error } = await shots().listV2({
        prefix: `${s.userA}/`,
        with_delimiter: true,
        limit: 2,
        cursor,
        sortBy: { column: 'name', order: 'desc' },
      });
      expect(error).toBeNull();
      seen.push(
        ...data!.folders.map((f) => f.name),
        ...data!.objects.map((o) => o.name),
      );
      if (!data!.hasNext) break;
      cursor = data!.nextCursor;
    }
    // Each page holds its folders, then its files, in the requested order.
    expect(seen.map((n) => n.slice(s.userA.length + 1))).toEqual([
      'sub/',
      'b.png',
      'Sub2/',
      'a.png',
      'C.png',
    ]);
  });
});

describe('move, copy and remove', () => {
  it('moves an object and its bytes', async () => {
    const from = `${s.userA}/move-me.png`;
    const to = `${s.userA}/moved/here.png`;
    await shots().upload(from, PNG, { contentType: 'image/png' });
    const { data, error } = await shots().move(from, to);
    expect(error).toBeNull();
    expect(data).toMatchObject({ message: 'Successfully moved' });
    expect((await shots().exists(from)).data).toBe(false);
    expect(await bytesOf((await shots().download(to)).data)).toEqual(PNG);
  });

  it('refuses to move onto an existing object', async () => {
    const { error } = await shots().move(
      `${s.userA}/a.png`,
      `${s.userA}/b.png`,
    );
    expect(error).toMatchObject({
      statusCode: '409',
      code: 'ResourceAlreadyExists',
    });
    expect((await shots().exists(`${s.userA}/a.png`)).data).toBe(true);
  });

  it('copies an object, keeping its metadata', async () => {
    const to = `${s.userA}/copies/a.png`;
    const { data, error } = await shots().copy(`${s.userA}/a.png`, to);
    expect(error).toBeNull();
    expect(data).toEqual({ path: `screenshots/${to}` });
    const info = await shots().info(to);
    expect(info.data).toMatchObject({
      contentType: 'image/png',
      size: PNG.length,
    });
    expect(await bytesOf((await shots().download(to)).data)).toEqual(PNG);
    const again = await shots().copy(`${s.userA}/a.png`, to);
    expect(again.error).toMatchObject({ code: 'KeyAlreadyExists' });
  });

  it('copies into another bucket only where policies allow', async () => {
    const { error } = await shots().copy(`${s.userA}/a.png`, 'stolen.png', {
      destinationBucket: 'blog-images',
    });
    expect(error).toMatchObject({ code: 'AccessDenied' });
  });

  it('removes a batch and returns the deleted rows', async () => {
    const paths = [
      `${s.userA}/b.png`,
      `${s.userA}/C.png`,
      `${s.userA}/none.png`,
    ];
    const { data, error } = await shots().remove(paths);
    expect(error).toBeNull();
    expect(data?.map((r) => r.name).sort()).toEqual(paths.slice(0, 2).sort());
    expect(data?.[0]).toMatchObject({
      bucket_id: 'screenshots',
      owner_id: s.userA,
    });
    expect((await shots().exists(paths[0]!)).data).toBe(false);
  });
});
