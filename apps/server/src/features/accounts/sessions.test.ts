// Sessions and tokens: signing in, access tokens, refresh tokens, signing out.
import { authMessages, authReply, messages } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsTestApp, type TestApp } from '../../../test/accounts.ts';
import { refreshTokens, sessions, users } from './accounts.table.ts';
import { endAllSessions } from './sessions.service.ts';
import { createAccessTokens, hashToken } from './sessions.tokens.ts';

const kit = accountsTestApp();
const { clock, uniqueEmail, refreshCookie, login, me, refresh, registerUser } = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.t();
});

describe('sign-in', () => {
  it('signs in with the right password', async () => {
    const { email } = await registerUser();
    const res = await login(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(authReply.parse(res.json()).user.email).toBe(email);
    expect(refreshCookie(res)?.value).toBeTruthy();
  });

  it('gives a wrong password and an unknown address the same 401', async () => {
    const { email } = await registerUser();
    const wrong = await login(email, 'wrong123');
    const unknown = await login(uniqueEmail('nobody'), 'wrong123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'unauthorized', message: authMessages.badCredentials },
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a malformed address with the login rule', async () => {
    const res = await login('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(messages.invalidEmail);
  });
});

describe('access tokens', () => {
  const forge = async (
    claims: Record<string, unknown>,
    options: { alg?: string; key?: Uint8Array; aud?: string; exp?: number } = {},
  ) => {
    const now = Math.floor(clock.now / 1000);
    return new SignJWT({ sid: claims.sid, ...claims })
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setSubject(String(claims.sub))
      .setAudience(options.aud ?? 'axle')
      .setIssuer('axle')
      .setIssuedAt(now)
      .setExpirationTime(options.exp ?? now + 600)
      .sign(options.key ?? (t.accessKey as Uint8Array));
  };
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());

  it('are refused when tampered with, unsigned, for another audience, expired or signed with another key', async () => {
    const { token } = await registerUser();
    const { sub, sid } = claimsOf(token);
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(token), sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const cases = {
      tampered,
      unsigned,
      wrongAudience: await forge({ sub, sid }, { aud: 'someone-else' }),
      expired: await forge({ sub, sid }, { exp: Math.floor(clock.now / 1000) - 5 }),
      wrongKey: await forge({ sub, sid }, { key: new TextEncoder().encode('x'.repeat(32)) }),
      hs512: await forge({ sub, sid }, { alg: 'HS512' }),
      noSession: await forge({ sub }),
      otherSession: await forge({ sub, sid: '00000000-0000-4000-8000-000000000000' }),
      garbage: 'abc.def.ghi',
    };
    for (const [name, bad] of Object.entries(cases)) {
      const res = await me(bad);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().error.code, name).toBe('unauthorized');
    }
    expect((await me(await forge({ sub, sid }))).statusCode).toBe(200);
  });

  it('stop working when the session is signed out', async () => {
    const { token, refresh: cookie } = await registerUser();
    expect((await me(token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { axle_refresh: cookie },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('are checked in full again when altered after use, and expire on time once remembered', async () => {
    const { token } = await registerUser();
    const { sub, sid } = claimsOf(token);
    expect((await me(token)).statusCode).toBe(200);
    const [header, , signature] = token.split('.');
    const otherUser = `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(token), sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    expect((await me(otherUser)).statusCode).toBe(401);
    expect((await me(`${token.slice(0, -2)}AA`)).statusCode).toBe(401);
    const otherKey = createAccessTokens(new TextEncoder().encode('y'.repeat(32)));
    expect(await otherKey.read(token)).toBeNull();

    // A remembered token expires on the app's clock, not the machine's.
    const shortLived = await forge({ sub, sid }, { exp: Math.floor(clock.now / 1000) + 2 });
    expect((await me(shortLived)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3000);
      expect((await me(shortLived)).statusCode).toBe(200);
      clock.now += 3000;
      expect((await me(shortLived)).statusCode).toBe(401);
      expect((await me(token)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      clock.now = Date.now();
    }
  });

  it('stop working for a removed user', async () => {
    const { token, user } = await registerUser();
    await t.db.delete(users).where(eq(users.id, user._id));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('stop working when all sessions of the user end', async () => {
    const { token, user } = await registerUser();
    await endAllSessions({ db: t.db }, user._id);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('swap for a new access token and a new refresh token', async () => {
    const { refresh: first } = await registerUser();
    const res = await refresh(first);
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().token)).statusCode).toBe(200);
    const second = refreshCookie(res)?.value;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await refresh(second ?? '')).statusCode).toBe(200);
  });

  it('end the whole session when an already-used one comes back', async () => {
    const { refresh: first, token } = await registerUser();
    const rotated = await refresh(first);
    const second = refreshCookie(rotated)?.value ?? '';
    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    // The thief's reuse also ends the legitimate holder's tokens.
    expect((await refresh(second)).statusCode).toBe(401);
    expect((await me(rotated.json().token)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('are refused when missing or unknown, and the cookie is cleared', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    const unknown = await refresh('not-a-token');
    expect(unknown.statusCode).toBe(401);
    expect(refreshCookie(unknown)?.value).toBe('');
  });

  it('are refused once the session has expired', async () => {
    const { refresh: cookie } = await registerUser();
    clock.now += 31 * 24 * 3600 * 1000;
    try {
      expect((await refresh(cookie)).statusCode).toBe(401);
    } finally {
      clock.now = Date.now();
    }
  });

  it('are stored only as hashes', async () => {
    const { refresh: cookie } = await registerUser();
    const found = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, cookie));
    expect(found).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(cookie))),
    ).toHaveLength(1);
  });
});

describe('sessions table', () => {
  it('keeps one session per sign-in', async () => {
    const { email, user } = await registerUser();
    await login(email);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user._id));
    expect(rows).toHaveLength(2);
  });
});
