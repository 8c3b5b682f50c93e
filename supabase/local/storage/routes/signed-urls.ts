import { json } from '../../http.ts';
import { validationError } from '../errors.ts';
import { decodePath, mustBeValidKey, objectTarget } from '../keys.ts';
import { renderObject } from '../render.ts';
import { findObject } from '../rows.ts';
import type { RouteHandler } from '../router.ts';
import { anonPrincipal, asSuperUser, inScope, requestScope } from '../scope.ts';
import {
  mustBeValidExpiresIn,
  signUrlToken,
  verifyUrlToken,
} from '../signed-token.ts';
import { parseTransform, transformSegments } from '../transform.ts';
import {
  jsonBody,
  optInt,
  optObject,
  optStringArray,
  queryOf,
  required,
} from '../validate.ts';

const MAX_PATHS = 1000;
const NO_ACCESS =
  'Either the object does not exist or you do not have access to it';

/** POST /object/sign/:bucket/*: only objects the caller can read get a URL. */
export const signObjectUrl: RouteHandler = async (deps, req, params) => {
  const scope = await requestScope(deps, req, 'storage.object.sign');
  const body = jsonBody(req);
  const expiresIn = required(optInt(body, 'expiresIn', 1), 'body', 'expiresIn');
  const seconds = mustBeValidExpiresIn(expiresIn);
  const transform = optObject(body, 'transform');
  const segments = transform
    ? transformSegments(parseTransform(transform, 'body')).join(',')
    : '';
  const { bucket, name } = objectTarget(params);
  mustBeValidKey(name);
  await inScope(scope, (tx) => findObject(tx, bucket, name));
  const url = `${bucket}/${name}`;
  const token = await signUrlToken(
    deps.ctx,
    segments
      ? { url, scope: 'download', transformations: segments }
      : { url, scope: 'download' },
    seconds,
  );
  // Storage signs a render URL when transformations were asked for.
  const route = segments ? 'render/image/sign' : 'object/sign';
  return json(200, { signedURL: `/${route}/${url}?token=${token}` });
};

/** POST /object/sign/:bucket: one entry per path, in order, errors inline. */
export const signObjectUrls: RouteHandler = async (deps, req, params) => {
  const scope = await requestScope(deps, req, 'storage.object.sign_many');
  const body = jsonBody(req);
  const expiresIn = required(optInt(body, 'expiresIn', 1), 'body', 'expiresIn');
  const paths = optStringArray(body, 'paths', { minItems: 1 });
  if (!paths) throw validationError("body must have required property 'paths'");
  if (paths.length > MAX_PATHS) {
    throw validationError(
      `body/paths must NOT have more than ${MAX_PATHS} items`,
    );
  }
  const seconds = mustBeValidExpiresIn(expiresIn);
  const bucket = decodePath(params[0] ?? '');
  const visible = await inScope(scope, async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      `select name from storage.objects
        where bucket_id = $1 and name = any($2::text[])`,
      [bucket, paths],
    );
    return new Set(rows.map((r) => r.name));
  });
  const result = await Promise.all(
    paths.map(async (path) => {
      if (!visible.has(path))
        return { error: NO_ACCESS, path, signedURL: null };
      const url = `${bucket}/${path}`;
      const token = await signUrlToken(
        deps.ctx,
        { url, scope: 'download' },
        seconds,
      );
      return {
        error: null,
        path,
        signedURL: `/object/sign/${url}?token=${token}`,
      };
    }),
  );
  return json(200, result);
};

/** GET /object/sign/:bucket/*?token=: no auth header; the token decides. */
export const getSignedObject: RouteHandler = async (deps, req, params) => {
  const token = required(queryOf(req).token, 'querystring', 'token');
  const { bucket, name } = objectTarget(params);
  const claims = await verifyUrlToken(
    deps.ctx,
    String(token),
    `${bucket}/${name}`,
    'download',
  );
  mustBeValidKey(name);
  const scope = {
    ...deps,
    req,
    operation: 'storage.object.get_signed',
    principal: anonPrincipal(),
  };
  const obj = await asSuperUser(scope, (tx) => findObject(tx, bucket, name));
  return renderObject(scope, obj, { expires: new Date(claims.exp * 1000) });
};
