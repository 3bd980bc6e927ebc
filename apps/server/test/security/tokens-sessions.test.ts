// Attack catalogue, tokens and sessions (ASVS 5 V9.1.1–V9.2.3, V7.2.4, V7.4.1–V7.4.3; Juice
// Shop "Unsigned JWT", "Forged Signed JWT", "Reset Password"-style session reuse). Access tokens
// are HS256 with the server's key only, for this audience and issuer, and for a live session of
// a user who still exists; refresh tokens are single-use, httpOnly and end the session on reuse.
import { eq } from 'drizzle-orm';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../src/db/schema.ts';
import { type Customer, signInAdmin, signUp } from '../customers.ts';
import { changedSince, expectUnchanged, snapshot } from './snapshot.ts';
import {
  createSecurityTestApp,
  expectError,
  refusedAnonymous,
  refusedForbidden,
  type TestApp,
} from './support.ts';

let clock = Date.now();
let t: TestApp;
let admin: Customer;
let alice: Customer;
let adminId: string;

beforeAll(async () => {
  t = await createSecurityTestApp({ now: () => new Date(clock) });
  admin = await signInAdmin(t.app, t.db);
  alice = await signUp(t.app, 'alice');
  adminId = claimsOf(admin.token).sub;
});
afterAll(() => t.close());

type Claims = { sub: string; sid: string; [key: string]: unknown };
function claimsOf(token: string): Claims {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
}
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;
const me = (token: string): Promise<Reply> =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${token}` },
  });
const listUsers = (token: string): Promise<Reply> =>
  t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } });

/** A token as the server makes them, with any part changed. */
async function forge(
  claims: Record<string, unknown>,
  options: {
    alg?: string;
    key?: Parameters<SignJWT['sign']>[0];
    header?: Record<string, unknown>;
    aud?: string;
    iss?: string;
    exp?: number;
    nbf?: number;
  } = {},
): Promise<string> {
  const now = Math.floor(clock / 1000);
  let jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT', ...options.header })
    .setAudience(options.aud ?? 'axle')
    .setIssuer(options.iss ?? 'axle')
    .setIssuedAt(now)
    .setExpirationTime(options.exp ?? now + 600);
  if (options.nbf !== undefined) jwt = jwt.setNotBefore(options.nbf);
  return jwt.sign(options.key ?? (t.accessKey as Uint8Array));
}

/** Every forged token is refused on a customer call and on an admin call, and nothing changes. */
async function expectRefused(tokens: Record<string, string>) {
  const before = await snapshot(t.db);
  for (const [name, token] of Object.entries(tokens)) {
    const a = await me(token);
    expect(a.statusCode, name).toBe(401);
    refusedAnonymous(a);
    const b = await listUsers(token);
    expect(b.statusCode, name).toBe(401);
    refusedAnonymous(b);
  }
  await expectUnchanged(t.db, before);
}

describe('JWT attacks on access tokens', () => {
  it('[JW-01] alg "none" (any spelling) with the signature stripped is refused', async () => {
    const claims = { ...claimsOf(admin.token) };
    const tokens: Record<string, string> = {};
    for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
      tokens[alg] = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}.`;
      tokens[`${alg} with old signature`] =
        `${b64({ alg, typ: 'JWT' })}.${b64(claims)}.${admin.token.split('.')[2]}`;
    }
    await expectRefused(tokens);
    expect((await me(admin.token)).statusCode).toBe(200);
  });

  it('[JW-02] a token signed RS256/ES256 with the attacker’s own key (also embedded as jwk, or named by jku/kid) is refused', async () => {
    const claims = claimsOf(admin.token);
    const rsa = await generateKeyPair('RS256', { extractable: true });
    const ec = await generateKeyPair('ES256', { extractable: true });
    const jwk = await exportJWK(rsa.publicKey);
    await expectRefused({
      rs256: await forge(claims, { alg: 'RS256', key: rsa.privateKey }),
      es256: await forge(claims, { alg: 'ES256', key: ec.privateKey }),
      embeddedJwk: await forge(claims, { alg: 'RS256', key: rsa.privateKey, header: { jwk } }),
      jku: await forge(claims, {
        alg: 'RS256',
        key: rsa.privateKey,
        header: { jku: 'https://evil.example/jwks.json', kid: 'evil' },
      }),
    });
  });

  it('[JW-03] HS/RS confusion: HS256 signed with a public key (PEM) as the secret is refused', async () => {
    const claims = claimsOf(admin.token);
    const rsa = await generateKeyPair('RS256', { extractable: true });
    const pem = await exportSPKI(rsa.publicKey);
    await expectRefused({
      pemSecret: await forge(claims, { key: new TextEncoder().encode(pem) }),
      pemSecretKid: await forge(claims, {
        key: new TextEncoder().encode(pem),
        header: { kid: '../../../../dev/null' },
      }),
    });
  });

  it('[JW-04] HS256 signed with a wrong or guessable key is refused', async () => {
    const claims = claimsOf(admin.token);
    const guesses = ['secret', 'axle', 'changeme', 'jwt_secret', 'x'.repeat(64)];
    const tokens: Record<string, string> = {};
    for (const guess of guesses) {
      tokens[guess] = await forge(claims, { key: new TextEncoder().encode(guess.padEnd(32, '0')) });
    }
    tokens.hs512 = await forge(claims, { alg: 'HS512', key: t.accessKey as Uint8Array });
    await expectRefused(tokens);
  });

  it('[JW-05] an expired or not-yet-valid token is refused, even when signed with the right key', async () => {
    const claims = claimsOf(admin.token);
    const now = Math.floor(clock / 1000);
    await expectRefused({
      expired: await forge(claims, { exp: now - 5 }),
      notYet: await forge(claims, { nbf: now + 3600 }),
    });
  });

  it('[JW-06] a token for another audience or issuer, or without its claims, is refused', async () => {
    const claims = claimsOf(admin.token);
    await expectRefused({
      audience: await forge(claims, { aud: 'axle-sign-in-flow' }),
      issuer: await forge(claims, { iss: 'https://evil.example' }),
      noSession: await forge({ sub: claims.sub }),
      noSubject: await forge({ sid: claims.sid }),
    });
  });

  it('[JW-07] a customer token whose payload is edited (sub → the admin) keeps its old signature and is refused', async () => {
    const [header, , signature] = alice.token.split('.');
    const claims = claimsOf(alice.token);
    await expectRefused({
      sub: `${header}.${b64({ ...claims, sub: adminId })}.${signature}`,
      sid: `${header}.${b64({ ...claims, sid: claimsOf(admin.token).sid })}.${signature}`,
      role: `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`,
    });
  });

  it('[JW-08] a correctly signed token naming another user’s session is refused (sub and sid must agree)', async () => {
    await expectRefused({
      crossed: await forge({ sub: claimsOf(alice.token).sub, sid: claimsOf(admin.token).sid }),
      crossedBack: await forge({ sub: adminId, sid: claimsOf(alice.token).sid }),
    });
  });

  it('[JW-09] a removed user’s token stops working at once', async () => {
    const doomed = await signUp(t.app, 'doomed');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${encodeURIComponent(doomed.email)}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    await expectRefused({ removed: doomed.token });
  });

  it('[JW-10] a demoted admin’s unexpired token no longer opens admin calls', async () => {
    const other = await signInAdmin(t.app, t.db);
    expect((await listUsers(other.token)).statusCode).toBe(200);
    await t.db.update(users).set({ role: null }).where(eq(users.email, other.email));
    const before = await snapshot(t.db);
    refusedForbidden(await listUsers(other.token));
    refusedForbidden(
      await t.app.inject({
        method: 'PUT',
        url: `/api/user/admin/${encodeURIComponent(other.email)}`,
        headers: other.headers,
      }),
    );
    expect((await me(other.token)).json().user.role).toBeNull();
    await expectUnchanged(t.db, before);
  });

  it('[JW-11] a signed-out session’s access token stops working before it expires', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: alice.email, password: 'brake99' },
    });
    const token = login.json().token as string;
    const cookie = login.cookies.find((c) => c.name === 'axle_refresh')?.value ?? '';
    expect((await me(token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { axle_refresh: cookie },
    });
    expect(out.statusCode).toBe(204);
    await expectRefused({ signedOut: token });
  });

  it('[JW-12] a token anywhere but "Authorization: Bearer" (query, cookie, other schemes, two tokens) is refused', async () => {
    const before = await snapshot(t.db);
    const token = alice.token;
    const attempts = [
      { url: `/api/auth/me?token=${token}` },
      { url: `/api/auth/me?access_token=${token}` },
      { url: '/api/auth/me', cookies: { 'access-token': token } },
      { url: '/api/auth/me', headers: { authorization: `Basic ${token}` } },
      { url: '/api/auth/me', headers: { authorization: `bearer ${token}` } },
      { url: '/api/auth/me', headers: { authorization: `Bearer  ${token}` } },
      { url: '/api/auth/me', headers: { authorization: `Bearer ${token}, Bearer ${admin.token}` } },
      { url: '/api/auth/me', headers: { authorization: `Bearer ${token} ${admin.token}` } },
      { url: '/api/auth/me', headers: { authorization: token } },
    ];
    for (const attempt of attempts) {
      refusedAnonymous(await t.app.inject({ method: 'GET', ...attempt }));
    }
    await expectUnchanged(t.db, before);
  });
});

describe('refresh tokens', () => {
  const refresh = (value: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { axle_refresh: value } });
  const cookieOf = (res: Reply) => res.cookies.find((c) => c.name === 'axle_refresh');

  async function signIn() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: alice.email, password: 'brake99' },
    });
    expect(res.statusCode).toBe(200);
    return { token: res.json().token as string, cookie: cookieOf(res)?.value ?? '', res };
  }

  it('[RT-01] a refresh token used twice ends the whole session (the thief’s copy and the owner’s)', async () => {
    const { token, cookie } = await signIn();
    const rotated = await refresh(cookie);
    expect(rotated.statusCode).toBe(200);
    const next = cookieOf(rotated)?.value ?? '';
    const before = await snapshot(t.db);
    const reuse = await refresh(cookie);
    expectError(reuse, 401, 'unauthorized');
    // The only change: this session is revoked.
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed)).toEqual(['sessions']);
    expect(changed.sessions?.added).toEqual([
      expect.objectContaining({ id: claimsOf(token).sid, revokedAt: expect.any(String) }),
    ]);
    expectError(await refresh(next), 401, 'unauthorized');
    refusedAnonymous(await me(rotated.json().token));
    refusedAnonymous(await me(token));
  });

  it('[RT-02] a refresh token of a signed-out session is refused and changes nothing', async () => {
    const { cookie } = await signIn();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { axle_refresh: cookie },
    });
    const before = await snapshot(t.db);
    const res = await refresh(cookie);
    expectError(res, 401, 'unauthorized');
    expect(cookieOf(res)?.value).toBe('');
    await expectUnchanged(t.db, before);
  });

  it('[RT-03] a forged refresh cookie (random, injection, or the stored hash itself) is refused', async () => {
    const { cookie } = await signIn();
    const [stored] = await t.db.select().from(refreshTokens).limit(1);
    const before = await snapshot(t.db);
    for (const value of [
      'x'.repeat(43),
      "' OR '1'='1",
      stored?.tokenHash ?? 'missing',
      `${cookie}x`,
      cookie.slice(0, -1),
    ]) {
      expectError(await refresh(value), 401, 'unauthorized');
    }
    await expectUnchanged(t.db, before);
  });

  it('[RT-04] the refresh token never reaches script: httpOnly, SameSite=Strict, scoped to /api/auth, absent from JSON', async () => {
    const { res, cookie } = await signIn();
    expect(cookieOf(res)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(res.body).not.toContain(cookie);
    const rotated = await refresh(cookie);
    expect(rotated.body).not.toContain(cookieOf(rotated)?.value ?? '');
    expect(Object.keys(rotated.json())).toEqual(['token']);
  });

  it('[RT-05] a refresh token of an expired session is refused and changes nothing', async () => {
    const { cookie } = await signIn();
    clock += 31 * 24 * 3600 * 1000;
    try {
      const before = await snapshot(t.db);
      expectError(await refresh(cookie), 401, 'unauthorized');
      await expectUnchanged(t.db, before);
    } finally {
      clock = Date.now();
    }
  });
});
