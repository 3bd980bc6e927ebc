import { jwtVerify, SignJWT } from 'jose';

// Signed with the access-token key, but for another audience: a flow cookie is never an access
// token, and an access token is never a flow cookie.
const ALGORITHM = 'HS256';
const ISSUER = 'axle';

/** The parameters of a Google sign-in in flight, kept in a signed, short-lived cookie. */
export type SignInFlow = { state: string; nonce: string; codeVerifier: string; from: string };
const FLOW_AUDIENCE = 'axle-sign-in-flow';
export const SIGN_IN_FLOW_SECONDS = 600;

export async function signSignInFlow(key: Uint8Array, flow: SignInFlow, at: Date): Promise<string> {
  const issuedAt = Math.floor(at.getTime() / 1000);
  return new SignJWT({ ...flow })
    .setProtectedHeader({ alg: ALGORITHM })
    .setAudience(FLOW_AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SIGN_IN_FLOW_SECONDS)
    .sign(key);
}

export async function readSignInFlow(
  key: Uint8Array,
  token: string,
  at: Date,
): Promise<SignInFlow | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      audience: FLOW_AUDIENCE,
      issuer: ISSUER,
      currentDate: at,
    });
    const { state, nonce, codeVerifier, from } = payload;
    if ([state, nonce, codeVerifier, from].some((value) => typeof value !== 'string')) return null;
    return { state, nonce, codeVerifier, from } as SignInFlow;
  } catch {
    return null;
  }
}
