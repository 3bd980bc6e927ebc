import { API_KEY_PREFIX } from '@axle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestUser } from '../domain/caller.ts';
import { Forbidden, Unauthorized } from '../domain/errors.ts';
import { keyScopeOf } from './access.ts';

/** Checks an access token and its session; null when either is not valid (any reason). */
export type VerifyAccessToken = (token: string) => Promise<RequestUser | null>;

/** Checks an API key (`axk_…`); null when it is unknown, revoked or no longer its maker's to use. */
export type VerifyApiKey = (
  key: string,
) => Promise<{ user: RequestUser; keyId: string; scopes: readonly string[] } | null>;

export const apiKeyRefusals = {
  invalid: 'This API key is not valid: it was revoked, or never existed',
  notHere: 'API keys cannot make this call: it needs a person signed in',
  scope: (scope: string) => `This API key does not have the scope ${scope}`,
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; a 401 when the bearer token is missing or not valid. */
    currentUser(): Promise<RequestUser>;
    /** The signed-in caller if they are an admin; 401 without a valid token, 403 for a customer. */
    currentAdmin(): Promise<RequestUser>;
    /** The token's check, made once per request by the first call that asks for the caller. */
    callerCheck: Promise<RequestUser | null> | null;
    /** The API key this request came with, once it checked out (issue 19). */
    apiKeyId: string | null;
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
export function registerBearerAuth(
  app: FastifyInstance,
  verify: VerifyAccessToken,
  keys: {
    verify: VerifyApiKey;
    /** Counts a call of `request.apiKeyId` against the key's rate limit (a 429 past it). */
    limit: (request: FastifyRequest) => Promise<void>;
  },
): void {
  app.decorateRequest('callerCheck', null);
  app.decorateRequest('apiKeyId', null);
  // API keys (issue 19 #3), checked before anything else of the call: a key is accepted only by a
  // call whose security names `apiKey` with one of the key's scopes (http/access.ts), so a call
  // nobody marked for keys refuses them. Public calls check the key too: its reads are counted
  // and logged. Not async: every request passes here, cached reads included.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request);
    if (!token?.startsWith(API_KEY_PREFIX) || request.is404) return done();
    admitKey(request, token).then(() => done(), done);
  });
  const admitKey = async (request: FastifyRequest, token: string) => {
    const holder = await keys.verify(token);
    if (!holder) throw new Unauthorized(apiKeyRefusals.invalid);
    // Every line of this request names the key (never the key itself) and its customer.
    request.log = request.log.child({ apiKeyId: holder.keyId, userId: holder.user.id });
    const scope = keyScopeOf(request.routeOptions.schema?.security);
    if (!scope) throw new Forbidden(apiKeyRefusals.notHere);
    if (!holder.scopes.includes(scope)) throw new Forbidden(apiKeyRefusals.scope(scope));
    request.apiKeyId = holder.keyId;
    request.callerCheck = Promise.resolve(holder.user);
    await keys.limit(request);
  };
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
