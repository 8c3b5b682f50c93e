import type { BackendContext } from '../context.ts';
import type { Handler, ServiceRequest, ServiceResponse } from '../http.ts';
import { adminUserFactors, adminUsers } from './admin.ts';
import { generateLink, invite } from './admin-links.ts';
import { getUser, updateCurrentUser } from './current-user.ts';
import { errorResponse } from './errors.ts';
import { logout } from './logout.ts';
import { linkIdentity, unlinkIdentity } from './identities.ts';
import { enrollFactor, factorRoute } from './mfa.ts';
import { health, jwks, settings } from './meta.ts';
import { otp } from './otp.ts';
import { reauthenticate } from './reauthenticate.ts';
import { recover, resend } from './recover.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { verifyGet } from './verify-link.ts';
import { verifyPost } from './verify.ts';

type Route = (
  ctx: BackendContext,
  req: ServiceRequest,
) => Promise<ServiceResponse> | ServiceResponse;

const ROUTES: Record<string, Partial<Record<string, Route>>> = {
  '/health': { GET: () => health() },
  '/.well-known/jwks.json': { GET: () => jwks() },
  '/settings': { GET: (ctx) => settings(ctx) },
  '/signup': { POST: signup },
  '/token': { POST: token },
  '/logout': { POST: logout },
  '/user': { GET: getUser, PUT: updateCurrentUser },
  '/otp': { POST: otp },
  '/reauthenticate': { GET: reauthenticate },
  '/recover': { POST: recover },
  '/resend': { POST: resend },
  '/verify': { GET: verifyGet, POST: verifyPost },
  '/invite': { POST: invite },
  '/admin/generate_link': { POST: generateLink },
  '/user/identities/authorize': { GET: linkIdentity },
  '/factors': { POST: enrollFactor },
  '/admin/users': {
    GET: (ctx, req) => adminUsers(ctx, req, undefined),
    POST: (ctx, req) => adminUsers(ctx, req, undefined),
  },
};

const USER_ROUTE = /^\/admin\/users\/([^/]+)(\/factors(?:\/([^/]+))?)?$/;
const IDENTITY_ROUTE = /^\/user\/identities\/([^/]+)$/;

function route(req: ServiceRequest): Route | 'method' | undefined {
  const path = req.path.length > 1 ? req.path.replace(/\/$/, '') : req.path;
  const methods = ROUTES[path];
  if (methods) return methods[req.method] ?? 'method';
  const identity = IDENTITY_ROUTE.exec(path)?.[1];
  if (identity !== undefined) {
    if (req.method !== 'DELETE') return 'method';
    return (ctx, r) => unlinkIdentity(ctx, r, decodeURIComponent(identity));
  }
  const factors = factorRoute(path, req.method);
  if (factors) return factors;
  const m = USER_ROUTE.exec(path);
  if (!m) return undefined;
  const id = decodeURIComponent(m[1]!);
  if (m[2]) {
    // `/admin/users/{id}/factors` (GET) and `/factors/{factor_id}` (DELETE).
    const factorId = m[3] === undefined ? undefined : decodeURIComponent(m[3]);
    const allowed = factorId === undefined ? 'GET' : 'DELETE';
    if (req.method !== allowed) return 'method';
    return (ctx, r) => adminUserFactors(ctx, r, id, factorId);
  }
  if (!['GET', 'PUT', 'DELETE'].includes(req.method)) return 'method';
  return (ctx, r) => adminUsers(ctx, r, id);
}

/**
 * The GoTrue (`/auth/v1`) endpoints that supabase-js calls. Unknown paths
 * and methods answer as GoTrue's router (chi) does: a plain-text 404 and
 * an empty 405.
 */
export function createAuthService(ctx: BackendContext): Handler {
  return async (req) => {
    const handler = route(req);
    if (handler === undefined) {
      return {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: '404 page not found\n',
      };
    }
    if (handler === 'method') return { status: 405 };
    try {
      return await handler(ctx, req);
    } catch (e) {
      return errorResponse(e, req);
    }
  };
}
