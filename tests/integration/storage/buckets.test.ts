import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PNG,
  startStorageBackend,
  type StorageBackend,
} from './storage-backend.ts';

let s: StorageBackend;
beforeAll(async () => {
  s = await startStorageBackend();
});
afterAll(() => s?.t.stop());

describe('buckets (service role)', () => {
  it('lists and gets buckets', async () => {
    const { data, error } = await s.service.storage.listBuckets({
      sortColumn: 'name',
    });
    expect(error).toBeNull();
    expect(data?.map((b) => b.id)).toEqual([
      'audio',
      'blog-images',
      'screenshots',
    ]);
    const one = await s.service.storage.getBucket('screenshots');
    expect(one.data).toMatchObject({
      id: 'screenshots',
      name: 'screenshots',
      public: false,
      file_size_limit: 5242880,
      allowed_mime_types: ['image/*'],
    });
    const search = await s.service.storage.listBuckets({
      search: 'blog',
      limit: 5,
    });
    expect(search.data?.map((b) => b.id)).toEqual(['blog-images']);
    const missing = await s.service.storage.getBucket('nope');
    expect(missing.error).toMatchObject({
      statusCode: '404',
      code: 'NoSuchBucket',
    });
  });

  it('creates, updates, empties and deletes a bucket', async () => {
    const storage = s.service.storage;
    const created = await storage.createBucket('tmp', {
      public: false,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['image/png'],
    });
    expect(created).toEqual({ data: { name: 'tmp' }, error: null });
    expect((await storage.createBucket('tmp')).error).toMatchObject({
      statusCode: '409',
      code: 'BucketAlreadyExists',
    });
    expect((await storage.getBucket('tmp')).data).toMatchObject({
      file_size_limit: 1_000_000,
      allowed_mime_types: ['image/png'],
    });
    const updated = await storage.updateBucket('tmp', {
      public: true,
      fileSizeLimit: null,
    });
    expect(updated.data).toEqual({ message: 'Successfully updated' });
    expect((await storage.getBucket('tmp')).data).toMatchObject({
      public: true,
      file_size_limit: null,
    });

    await storage
      .from('tmp')
      .upload('x.png', PNG, { contentType: 'image/png' });
    expect((await storage.deleteBucket('tmp')).error).toMatchObject({
      statusCode: '409',
      code: 'ResourceNotEmpty',
      message: 'The bucket you tried to delete is not empty',
    });
    expect((await storage.emptyBucket('tmp')).data).toEqual({
      message:
        'Empty bucket has been queued. Completion may take up to an hour.',
    });
    expect((await storage.deleteBucket('tmp')).data).toEqual({
      message: 'Successfully deleted',
    });
    expect((await storage.getBucket('tmp')).error).toMatchObject({
      code: 'NoSuchBucket',
    });
  });

  it('validates names, sizes and types', async () => {
    const storage = s.service.storage;
    expect((await storage.createBucket('bad/name')).error).toMatchObject({
      code: 'InvalidBucketName',
    });
    expect(
      (
        await storage.createBucket('huge', {
          public: false,
          fileSizeLimit: '1GB',
        })
      ).error,
    ).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(
      (
        await storage.createBucket('x', {
          public: false,
          fileSizeLimit: 'lots',
        })
      ).error,
    ).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
    expect(
      (
        await storage.createBucket('y', {
          public: false,
          allowedMimeTypes: ['not a type'],
        })
      ).error,
    ).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
  });
});

describe('buckets (users)', () => {
  it('users see no buckets and cannot change them', async () => {
    expect((await s.a.storage.listBuckets()).data).toEqual([]);
    expect((await s.a.storage.getBucket('screenshots')).error).toMatchObject({
      code: 'NoSuchBucket',
    });
    expect((await s.a.storage.createBucket('mine')).error).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
    });
    expect(
      (await s.a.storage.updateBucket('screenshots', { public: true })).error,
    ).toMatchObject({ code: 'NoSuchBucket' });
    expect((await s.a.storage.deleteBucket('audio')).error).toMatchObject({
      code: 'NoSuchBucket',
    });
    const empty = await s.a.storage.emptyBucket('audio');
    expect(empty.error).toMatchObject({
      status: 403,
      statusCode: '403',
      code: 'AccessDenied',
      message: 'Access denied: Invalid role',
    });
  });
});
