import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { SignedIn } from './sessions.service.ts';

// The refresh token travels in an httpOnly, SameSite=Strict cookie on /api/auth only; every way of
// signing in (password, e-mailed link, Google) ends by setting it.

export const REFRESH_COOKIE = 'axle_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';

/** Sets the session's refresh cookie; the reply body gets the user and the access token. */
export function signedIn(reply: FastifyReply, session: SignedIn, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    expires: session.sessionExpiresAt,
  });
  return { user: session.user, token: session.token };
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
}
