import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@axle/contract';
import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const AUDIENCE = 'axle';
const ISSUER = 'axle';

/** Claims of an access token: the user (`sub`) and the session (`sid`) it belongs to. */
export type AccessClaims = { userId: string; sessionId: string };

export function accessTokenKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key);
}

/**
 * Checks signature (HS256 only: `alg: none` and every other algorithm are refused), audience,
 * issuer, expiry and the presence of iat/sub/sid. Null for any token that fails.
 */
export async function readAccessToken(
  key: Uint8Array,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      audience: AUDIENCE,
      issuer: ISSUER,
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** A random secret for a link or cookie; only its hash is stored. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The parameters of a Google sign-in in flight, kept in a signed, short-lived cookie. */
export type SignInFlow = { state: string; nonce: string; codeVerifier: string; from: string };
const FLOW_AUDIENCE = 'axle-sign-in-flow';
export const SIGN_IN_FLOW_SECONDS = 600;

export function signSignInFlow(key: Uint8Array, flow: SignInFlow): Promise<string> {
  return new SignJWT({ ...flow })
    .setProtectedHeader({ alg: ALGORITHM })
    .setAudience(FLOW_AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${SIGN_IN_FLOW_SECONDS}s`)
    .sign(key);
}

export async function readSignInFlow(key: Uint8Array, token: string): Promise<SignInFlow | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      audience: FLOW_AUDIENCE,
      issuer: ISSUER,
    });
    const { state, nonce, codeVerifier, from } = payload;
    if ([state, nonce, codeVerifier, from].some((value) => typeof value !== 'string')) return null;
    return { state, nonce, codeVerifier, from } as SignInFlow;
  } catch {
    return null;
  }
}
