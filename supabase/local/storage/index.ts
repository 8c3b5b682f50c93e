import type { BackendContext } from '../context.ts';
import type { Handler } from '../http.ts';
import { openBlobStore } from './blob-store.ts';
import { ERRORS, renderError } from './errors.ts';
import { matchRoute, route } from './router.ts';
import { deleteBucket, emptyBucket } from './routes/bucket-removal.ts';
import * as buckets from './routes/buckets.ts';
import { getObject, getObjectInfo } from './routes/download.ts';
import { renderImage, renderSignedImage } from './routes/render-image.ts';
import { copyObject, moveObject } from './routes/move-copy.ts';
import { listObjectsV2 } from './routes/list-v2.ts';
import { listObjects, removeObject, removeObjects } from './routes/objects.ts';
import {
  getSignedObject,
  signObjectUrl,
  signObjectUrls,
} from './routes/signed-urls.ts';
import {
  createSignedUploadUrl,
  uploadRoute,
  uploadToSignedUrl,
} from './routes/upload.ts';
import type { StorageDeps } from './scope.ts';

export { MAX_REQUEST_BYTES as STORAGE_MAX_BODY_BYTES } from './limits.ts';

// Static segments before parameters, as Fastify's router prefers them.
const ROUTES = [
  route('GET', '/bucket', buckets.listBuckets),
  route('POST', '/bucket', buckets.createBucket),
  route('POST', '/bucket/:id/empty', emptyBucket),
  route('GET', '/bucket/:id', buckets.getBucket),
  route('PUT', '/bucket/:id', buckets.updateBucket),
  route('DELETE', '/bucket/:id', deleteBucket),

  route('POST', '/object/move', moveObject),
  route('POST', '/object/copy', copyObject),
  route('POST', '/object/list/:bucket', listObjects),
  route('POST', '/object/list-v2/:bucket', listObjectsV2),
  route('POST', '/object/sign/:bucket/*', signObjectUrl),
  route('POST', '/object/sign/:bucket', signObjectUrls),
  route('GET', '/object/sign/:bucket/*', getSignedObject),
  route('POST', '/object/upload/sign/:bucket/*', createSignedUploadUrl),
  route('PUT', '/object/upload/sign/:bucket/*', uploadToSignedUrl),
  route('GET', '/object/public/:bucket/*', getObject('public')),
  route('HEAD', '/object/public/:bucket/*', getObject('public', true)),
  route('GET', '/object/authenticated/:bucket/*', getObject('authenticated')),
  route(
    'HEAD',
    '/object/authenticated/:bucket/*',
    getObject('authenticated', true),
  ),
  route('GET', '/object/info/public/:bucket/*', getObjectInfo('public')),
  route(
    'GET',
    '/object/info/authenticated/:bucket/*',
    getObjectInfo('authenticated'),
  ),
  route('GET', '/object/info/:bucket/*', getObjectInfo('lenient')),

  route('GET', '/render/image/public/:bucket/*', renderImage('public')),
  route(
    'GET',
    '/render/image/authenticated/:bucket/*',
    renderImage('authenticated'),
  ),
  route('GET', '/render/image/sign/:bucket/*', renderSignedImage),

  route('POST', '/object/:bucket/*', uploadRoute(false)),
  route('PUT', '/object/:bucket/*', uploadRoute(true)),
  route('GET', '/object/:bucket/*', getObject('lenient')),
  route('HEAD', '/object/:bucket/*', getObject('lenient', true)),
  route('DELETE', '/object/:bucket/*', removeObject),
  route('DELETE', '/object/:bucket', removeObjects),
];

/**
 * `/storage/v1`: the Storage API routes storage-js 2.119 calls, over the
 * `storage` schema with the caller's RLS, bytes in the data folder (or in
 * memory). Every failure is answered in Storage's error envelope.
 */
export function createStorageService(ctx: BackendContext): Handler {
  const deps: StorageDeps = { ctx, blobs: openBlobStore(ctx.config.dataDir) };
  return async (req) => {
    try {
      const found = matchRoute(ROUTES, req.method, req.path);
      if (!found) {
        const url = req.rawQuery ? `${req.path}?${req.rawQuery}` : req.path;
        throw ERRORS.notFoundRoute(req.method, url);
      }
      return await found.route.handler(deps, req, found.params);
    } catch (err) {
      return renderError(err);
    }
  };
}
