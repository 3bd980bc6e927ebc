import { createHash, randomBytes, webcrypto } from 'node:crypto';
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

const hmacKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

/**
 * The key as WebCrypto holds it, imported once per key: given the raw bytes, jose imports them
 * again for every token it signs or checks, which was a tenth of a private call's CPU time.
 */
function hmacKey(key: Uint8Array): Promise<webcrypto.CryptoKey> {
  let imported = hmacKeys.get(key);
  if (!imported) {
    imported = webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    hmacKeys.set(key, imported);
  }
  return imported;
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
    .sign(await hmacKey(key));
}

/** How many checked access tokens are remembered per key (the oldest are forgotten first). */
const CHECKED_TOKENS_MAX = 10_000;
const checkedTokens = new WeakMap<Uint8Array, Map<string, AccessClaims & { exp: number }>>();

/**
 * Checks signature (HS256 only: `alg: none` and every other algorithm are refused), audience,
 * issuer, expiry and the presence of iat/sub/sid. Null for any token that fails.
 *
 * A token that passed is remembered with its claims until it expires: a client sends the same
 * token with every call for its quarter of an hour, and checking its signature again (WebCrypto,
 * through the thread pool) was an eighth of a private call's CPU time. Only tokens that passed
 * every check are kept, by their exact text and per key, so nothing is accepted that was not
 * accepted before; the session behind it is still looked up on every call.
 */
export async function readAccessToken(
  key: Uint8Array,
  token: string,
): Promise<AccessClaims | null> {
  let checked = checkedTokens.get(key);
  if (!checked) {
    checked = new Map();
    checkedTokens.set(key, checked);
  }
  const known = checked.get(token);
  // Expired, as jose counts it: once the current second reaches `exp`.
  if (known) {
    if (known.exp > Math.floor(Date.now() / 1000))
      return { userId: known.userId, sessionId: known.sessionId };
    checked.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: [ALGORITHM],
      audience: AUDIENCE,
      issuer: ISSUER,
      requiredClaims: ['exp', 'iat', 'sub', 'sid'],
    });
    const { sub, sid, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
    if (checked.size >= CHECKED_TOKENS_MAX) checked.delete(checked.keys().next().value ?? '');
    checked.set(token, { userId: sub, sessionId: sid, exp });
    return { userId: sub, sessionId: sid };
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
