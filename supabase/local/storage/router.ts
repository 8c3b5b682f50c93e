import type { ServiceRequest, ServiceResponse } from '../http.ts';
import type { StorageDeps } from './scope.ts';

/** Raw (still percent-encoded) captures of `:param` and `*` segments. */
export type RouteParams = string[];

export type RouteHandler = (
  deps: StorageDeps,
  req: ServiceRequest,
  params: RouteParams,
) => Promise<ServiceResponse>;

export interface Route {
  method: string;
  pattern: RegExp;
  handler: RouteHandler;
}

/**
 * `/object/sign/:bucket/*` → a regex over the raw path. Routes are tried in
 * order, so static segments must come before parameters (Fastify's rule).
 */
export function route(
  method: string,
  path: string,
  handler: RouteHandler,
): Route {
  const source = path
    .split('/')
    .map((seg) =>
      seg === '*'
        ? '(.*)'
        : seg.startsWith(':')
          ? '([^/]+)'
          : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return { method, pattern: new RegExp(`^${source}$`), handler };
}

export function matchRoute(routes: Route[], method: string, path: string) {
  for (const r of routes) {
    if (r.method !== method) continue;
    const m = r.pattern.exec(path);
    if (m) return { route: r, params: m.slice(1).map((p) => p ?? '') };
  }
  return undefined;
}
