import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';

// The browser that signed up, as the Google flow's cookie binds its browser (google.flow.ts): the
// e-mailed verification link signs in only the browser that asked for it (issue 14 #2, login CSRF
// by link), and opened anywhere else it verifies the address and signs nobody in.
//
// Sign-up sets an httpOnly, SameSite=Strict cookie, signed with the access-token key for its own
// audience, that names the sign-ups made in this browser: the new account's id, or for an address
// that already has an account a random id that binds nothing, so the reply is the same for both.
// Nothing is stored: the link's account is this browser's when the cookie names it.

export const SIGN_UP_COOKIE = 'axle_sign_up';
// Sign-up reads it too (to keep the earlier sign-ups), so it goes with every /api/auth call.
const SIGN_UP_COOKIE_PATH = '/api/auth';
const ALGORITHM = 'HS256';
const ISSUER = 'axle';
const AUDIENCE = 'axle-sign-up';
/** The newest sign-ups a browser remembers (someone who signs up again with a typo fixed). */
const REMEMBERED = 5;

async function readSignUps(key: Uint8Array, token: string, at: Date): Promise<string[]> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      audience: AUDIENCE,
      issuer: ISSUER,
      currentDate: at,
    });
    const { accounts } = payload;
    if (!Array.isArray(accounts)) return [];
    return accounts.filter((id): id is string => typeof id === 'string');
  } catch {
    return [];
  }
}

/** The accounts this browser signed up (none when the cookie is absent, forged or expired). */
export function signUpsOf(request: FastifyRequest, key: Uint8Array, at: Date): Promise<string[]> {
  const cookie = request.cookies[SIGN_UP_COOKIE];
  return cookie ? readSignUps(key, cookie, at) : Promise.resolve([]);
}

/** Adds a sign-up to the browser's cookie, which lasts as long as the e-mailed link. */
export async function rememberSignUp(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { key: Uint8Array; accountId: string; at: Date; seconds: number; secure: boolean },
): Promise<void> {
  const { key, accountId, at, seconds, secure } = options;
  const earlier = await signUpsOf(request, key, at);
  const accounts = [...earlier.filter((id) => id !== accountId), accountId].slice(-REMEMBERED);
  const issuedAt = Math.floor(at.getTime() / 1000);
  const token = await new SignJWT({ accounts })
    .setProtectedHeader({ alg: ALGORITHM })
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + seconds)
    .sign(key);
  reply.setCookie(SIGN_UP_COOKIE, token, {
    path: SIGN_UP_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: seconds,
  });
}
