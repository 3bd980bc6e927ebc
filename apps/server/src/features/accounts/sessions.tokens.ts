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

/** Signs and checks the access tokens of one key, on one clock. */
export type AccessTokens = {
  /** A token for the session, issued at `at` and valid for ACCESS_TOKEN_TTL_SECONDS. */
  sign(claims: AccessClaims, at: Date): Promise<string>;
  /**
   * Checks signature (HS256 only: `alg: none` and every other algorithm are refused), audience,
   * issuer, expiry and the presence of iat/sub/sid. Null for any token that fails.
   */
  read(token: string): Promise<AccessClaims | null>;
};

/** How many checked access tokens are remembered (the oldest are forgotten first). */
const CHECKED_TOKENS_MAX = 10_000;

/**
 * The app's access tokens (`buildApp` makes one): what they remember belongs to that app and
 * follows its clock.
 *
 * The key is imported into WebCrypto once: given the raw bytes, jose imports them again for every
 * token it signs or checks, which was a tenth of a private call's CPU time.
 *
 * A token that passed is remembered with its claims until it expires on `now`: a client sends the
 * same token with every call for its quarter of an hour, and checking its signature again
 * (WebCrypto, through the thread pool) was an eighth of a private call's CPU time. Only tokens that
 * passed every check are kept, by their exact text, so nothing is accepted that was not accepted
 * before; the session behind it is still looked up on every call.
 */
export function createAccessTokens(
  key: Uint8Array,
  now: () => Date = () => new Date(),
): AccessTokens {
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const hmacKey = () => {
    imported ??= webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return imported;
  };
  const checked = new Map<string, AccessClaims & { exp: number }>();

  return {
    async sign(claims, at) {
      const issuedAt = Math.floor(at.getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.userId)
        .setAudience(AUDIENCE)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await hmacKey());
    },

    async read(token) {
      const at = now();
      const known = checked.get(token);
      // Expired, as jose counts it: once the current second reaches `exp`.
      if (known) {
        if (known.exp > Math.floor(at.getTime() / 1000))
          return { userId: known.userId, sessionId: known.sessionId };
        checked.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: [ALGORITHM],
          audience: AUDIENCE,
          issuer: ISSUER,
          requiredClaims: ['exp', 'iat', 'sub', 'sid'],
          currentDate: at,
        });
        const { sub, sid, exp } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number')
          return null;
        if (checked.size >= CHECKED_TOKENS_MAX) checked.delete(checked.keys().next().value ?? '');
        checked.set(token, { userId: sub, sessionId: sid, exp });
        return { userId: sub, sessionId: sid };
      } catch {
        return null;
      }
    },
  };
}

/** A random secret for a link or cookie; only its hash is stored. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
