import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestUser } from '../domain/caller.ts';
import { Forbidden, Unauthorized } from '../domain/errors.ts';

/** Checks an access token and its session; null when either is not valid (any reason). */
export type VerifyAccessToken = (token: string) => Promise<RequestUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; a 401 when the bearer token is missing or not valid. */
    currentUser(): Promise<RequestUser>;
    /** The signed-in caller if they are an admin; 401 without a valid token, 403 for a customer. */
    currentAdmin(): Promise<RequestUser>;
    /** The token's check, made once per request by the first call that asks for the caller. */
    callerCheck: Promise<RequestUser | null> | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
  return match?.[1] ?? null;
}

/**
 * Private calls ask for the caller explicitly (`await request.currentUser()`), so public calls
 * never pay for token checks, and a stale token sent to a public call does no harm.
 */
export function registerBearerAuth(app: FastifyInstance, verify: VerifyAccessToken): void {
  app.decorateRequest('callerCheck', null);
  const lookup = (request: FastifyRequest) => {
    if (!request.callerCheck) {
      const token = bearerToken(request);
      const user = token ? verify(token) : Promise.resolve(null);
      // From here on, every log line of this request says whose it was (never the token).
      request.callerCheck = user.then((found) => {
        if (found) request.log = request.log.child({ userId: found.id });
        return found;
      });
    }
    return request.callerCheck;
  };
  app.decorateRequest('currentUser', async function (this: FastifyRequest) {
    const user = await lookup(this);
    if (!user) throw new Unauthorized();
    return user;
  });
  app.decorateRequest('currentAdmin', async function (this: FastifyRequest) {
    const user = await lookup(this);
    if (!user) throw new Unauthorized();
    if (user.role !== 'admin') throw new Forbidden('Admins only');
    return user;
  });
}

/**
 * Route hook for private calls: the token is checked before the input is, so an anonymous caller
 * gets a 401 and learns nothing about what the call would accept.
 */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  await request.currentUser();
}

/** Route hook for admin calls: 401 without a valid token, 403 for a customer, before any input check. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await request.currentAdmin();
}
