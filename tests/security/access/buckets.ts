import { randomUUID } from 'node:crypto';
import type { World } from '../../permissions/support.ts';
import { query } from '../../integration/db/support.ts';
import type { MatrixRole } from '../support.ts';
import type { Cell } from './cell.ts';
import type { Roles } from './observe.ts';

// A 1×1 transparent PNG and the start of a WebM (EBML) file.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const WEBM = Buffer.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01,
]);

const FILE: Record<string, [Buffer, string, string]> = {
  screenshots: [PNG, 'image/png', 'png'],
  audio: [WEBM, 'audio/webm', 'webm'],
  'blog-images': [PNG, 'image/png', 'png'],
};

export async function folderOf(
  roles: Roles,
  role: MatrixRole,
): Promise<string> {
  if (role === 'anon') return randomUUID();
  const { data } = await roles.plain[role].rpc('get_my_upload_folder');
  return data as string;
}

/**
 * A fresh object "of" consumer A or B: uploaded by them (so Storage records
 * them as its owner) to a fresh folder, and referenced by their feedback (so
 * the company of its site may read it). Blog images belong to nobody; they
 * are written by the service.
 */
export async function objectOf(
  w: World,
  roles: Roles,
  bucket: string,
  owner: 'consumerA' | 'consumerB',
): Promise<string> {
  const [body, contentType, ext] = FILE[bucket]!;
  const path =
    bucket === 'blog-images'
      ? `${randomUUID()}.${ext}`
      : `${await folderOf(roles, owner)}/${randomUUID()}.${ext}`;
  const uploader = bucket === 'blog-images' ? w.as.service : roles.plain[owner];
  const { error } = await uploader.storage
    .from(bucket)
    .upload(path, body, { contentType });
  if (error) throw new Error(`upload ${bucket}/${path}: ${error.message}`);
  if (bucket !== 'blog-images') {
    await query(
      w.t,
      `update public.feedback set ${bucket === 'audio' ? 'audio_url' : 'screenshot_url'} = $2 where id = $1`,
      [owner === 'consumerA' ? w.feedback.a : w.feedback.b, path],
    );
  }
  return path;
}

function cell(mine: boolean, theirs: boolean): Cell {
  if (theirs) return 'allow';
  return mine ? 'own' : 'deny';
}

export async function observeBucket(
  w: World,
  roles: Roles,
  bucket: string,
  role: MatrixRole,
  op: 'select' | 'insert' | 'delete',
): Promise<Cell> {
  const c = roles.plain[role].storage.from(bucket);
  const [body, contentType, ext] = FILE[bucket]!;
  // "Mine" is A's object for A, B's for B; everyone else only has "theirs".
  const self = role === 'consumerA' || role === 'consumerB' ? role : undefined;
  const other = role === 'consumerA' ? 'consumerB' : 'consumerA';
  if (op === 'insert') {
    const folder = await folderOf(roles, role);
    const prefix = bucket === 'blog-images' ? '' : `${folder}/`;
    const mine = await c.upload(`${prefix}${randomUUID()}.${ext}`, body, {
      contentType,
    });
    // "Theirs": next to a file of the other consumer, in its folder.
    const otherPrefix =
      bucket === 'blog-images'
        ? ''
        : `${(await objectOf(w, roles, bucket, other)).split('/')[0]}/`;
    const theirs = await c.upload(
      `${otherPrefix}${randomUUID()}.${ext}`,
      body,
      { contentType },
    );
    if (bucket === 'blog-images') return mine.error ? 'deny' : 'allow';
    return cell(mine.error === null, theirs.error === null);
  }
  if (op === 'select') {
    // Storage's image renderer reads through the same RLS as a download:
    // for image buckets both must agree, or the matrix cell is a lie.
    const read = async (owner: 'consumerA' | 'consumerB') => {
      const path = await objectOf(w, roles, bucket, owner);
      const plain = (await c.download(path)).error === null;
      if (contentType.startsWith('image/')) {
        const rendered = await c.download(path, { transform: { width: 1 } });
        if ((rendered.error === null) !== plain) {
          throw new Error(
            `${role} ${bucket}: render/image ${rendered.error?.message ?? 'allowed'} but download ${plain ? 'allowed' : 'denied'}`,
          );
        }
      }
      return plain;
    };
    if (bucket === 'blog-images')
      return (await read('consumerA')) ? 'allow' : 'deny';
    const mine = self ? await read(self) : false;
    const theirs = self
      ? await read(other)
      : (await read('consumerA')) || (await read('consumerB'));
    return cell(mine, theirs);
  }
  const remove = async (owner: 'consumerA' | 'consumerB') => {
    const path = await objectOf(w, roles, bucket, owner);
    await c.remove([path]);
    const left = await query(
      w.t,
      'select 1 from storage.objects where bucket_id = $1 and name = $2',
      [bucket, path],
    );
    return left.length === 0;
  };
  if (bucket === 'blog-images')
    return (await remove('consumerA')) ? 'allow' : 'deny';
  const mine = self ? await remove(self) : false;
  const theirs = self
    ? await remove(other)
    : (await remove('consumerA')) || (await remove('consumerB'));
  return cell(mine, theirs);
}
