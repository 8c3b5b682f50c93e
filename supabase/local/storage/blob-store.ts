import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Where one version of an object's bytes lives. Every write gets a new
 * version, so replacing an object never touches the bytes its current row
 * points to until the new row is committed.
 */
export interface BlobLocation {
  bucket: string;
  name: string;
  version: string;
}

export interface BlobStore {
  put(loc: BlobLocation, bytes: Uint8Array): Promise<void>;
  /** The bytes, or undefined when that version has none. */
  get(loc: BlobLocation): Promise<Buffer | undefined>;
  /** Removes one version; a missing one is not an error. */
  remove(loc: BlobLocation): Promise<void>;
}

/** Opens the store the data folder calls for. */
export function openBlobStore(dataDir: string): BlobStore {
  return dataDir === 'memory'
    ? new MemoryBlobStore()
    : new FileBlobStore(path.join(dataDir, 'storage'));
}

export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Buffer>();
  private key = (l: BlobLocation) => `${l.bucket}\0${l.name}\0${l.version}`;

  async put(loc: BlobLocation, bytes: Uint8Array) {
    this.blobs.set(this.key(loc), Buffer.from(bytes));
  }
  async get(loc: BlobLocation) {
    return this.blobs.get(this.key(loc));
  }
  async remove(loc: BlobLocation) {
    this.blobs.delete(this.key(loc));
  }
}

const isCode = (err: unknown, ...codes: string[]) =>
  codes.includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * `<root>/<bucket>/<name>/~<version>`: the name is a folder so that `a` and
 * `a/b` can both exist, and `~` never occurs in a valid key, so a version
 * file can't collide with a child object. Writes go to `<root>/~tmp`, are
 * fsynced and renamed into place, so a reader never sees half a file.
 */
export class FileBlobStore implements BlobStore {
  private readonly root: string;
  private readonly tmpDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tmpDir = path.join(this.root, '~tmp');
  }

  private file(loc: BlobLocation): string {
    const file = path.resolve(
      this.root,
      loc.bucket,
      loc.name,
      `~${loc.version}`,
    );
    // Keys are validated upstream; this keeps a bug there from escaping root.
    if (!file.startsWith(this.root + path.sep)) throw new Error('unsafe path');
    return file;
  }

  async put(loc: BlobLocation, bytes: Uint8Array) {
    const file = this.file(loc);
    await fs.mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, randomUUID());
    try {
      const handle = await fs.open(tmp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await this.renameInto(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  // A concurrent remove may prune the folder between mkdir and rename: retry.
  private async renameInto(tmp: string, file: string, attempts = 3) {
    const dir = path.dirname(file);
    for (let i = 1; ; i++) {
      await fs.mkdir(dir, { recursive: true });
      try {
        await fs.rename(tmp, file);
        break;
      } catch (err) {
        if (!isCode(err, 'ENOENT') || i >= attempts) throw err;
      }
    }
    await syncDir(dir);
  }

  async get(loc: BlobLocation) {
    try {
      return await fs.readFile(this.file(loc));
    } catch (err) {
      if (isCode(err, 'ENOENT', 'ENOTDIR', 'EISDIR')) return undefined;
      throw err;
    }
  }

  async remove(loc: BlobLocation) {
    const file = this.file(loc);
    await fs.rm(file, { force: true });
    await this.prune(path.dirname(file), path.join(this.root, loc.bucket));
  }

  // Drops folders the removal left empty, up to the bucket folder.
  private async prune(dir: string, stop: string) {
    while (dir.startsWith(stop + path.sep)) {
      try {
        await fs.rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }
}

async function syncDir(dir: string) {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
