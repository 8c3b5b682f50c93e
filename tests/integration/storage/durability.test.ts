import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bytesOf,
  PNG,
  startStorageBackend,
  type StorageBackend,
} from './storage-backend.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'peega-storage-'));
const env = { PEEGA_DATA_DIR: dir };
const user = '6f1f3a52-1111-4c1e-9a51-2f7e3d0b7a10';
let s: StorageBackend | undefined;

afterAll(async () => {
  await s?.t.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file below a folder, relative to it. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

describe('files on disk', () => {
  it('keeps one complete file per object, nothing from refused writes', async () => {
    s = await startStorageBackend({ env });
    const a = await s.asUser(user);
    const shots = a.storage.from('screenshots');
    const name = `${user}/keep.png`;
    expect(
      (await shots.upload(name, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    const replaced = Buffer.concat([PNG, Buffer.from('v2')]);
    await shots.upload(name, replaced, {
      contentType: 'image/png',
      upsert: true,
    });
    const dup = await shots.upload(name, PNG, { contentType: 'image/png' });
    expect(dup.error).toMatchObject({ code: 'KeyAlreadyExists' });
    const refused = await a.storage
      .from('screenshots')
      .upload(`${s.userB}/planted.png`, PNG, { contentType: 'image/png' });
    expect(refused.error).toMatchObject({ code: 'AccessDenied' });

    const files = filesUnder(path.join(dir, 'storage'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(
      new RegExp(`^screenshots/${name}/~[0-9a-f-]{36}$`),
    );
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'survives a restart on the same data folder',
    async () => {
      await s?.t.stop();
      s = await startStorageBackend({ env });
      const a = await s.asUser(user);
      const down = await a.storage
        .from('screenshots')
        .download(`${user}/keep.png`);
      expect(down.error).toBeNull();
      expect(await bytesOf(down.data)).toEqual(
        Buffer.concat([PNG, Buffer.from('v2')]),
      );
    },
  );

  it('removes the bytes with the object', async () => {
    const a = await s!.asUser(user);
    const { data } = await a.storage
      .from('screenshots')
      .remove([`${user}/keep.png`]);
    expect(data).toHaveLength(1);
    expect(filesUnder(path.join(dir, 'storage'))).toEqual([]);
  });
});
