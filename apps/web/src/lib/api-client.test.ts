// The fetch wrapper's promises (SPEC §4, §8): the bearer header, one refresh and retry on a 401,
// the end of a session, what a 401/403 does for each caller, and one refresh across tabs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Client = typeof import('./api-client.ts');
type Call = {
  url: string;
  method: string;
  authorization: string | undefined;
  idempotencyKey?: string | undefined;
};

/** A token the way the server signs one (only its claims matter here: the server checks it). */
function token(name: string, secondsToLive: number): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = btoa(JSON.stringify({ sub: name, iat: now, exp: now + secondsToLive }));
  return `header.${claims.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.signature`;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

let client: Client;
let calls: Call[];
let replies: ((call: Call) => Response | Promise<Response>)[];
let lockNames: string[];

beforeEach(async () => {
  // The module keeps the session's state (listeners, the refresh in flight): a fresh one per test.
  vi.resetModules();
  localStorage.clear();
  calls = [];
  replies = [];
  lockNames = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call = {
        url: String(input),
        method: init.method ?? 'GET',
        authorization: headers.authorization,
        idempotencyKey: headers['idempotency-key'],
      };
      calls.push(call);
      const reply = replies.shift();
      if (!reply) throw new Error(`unexpected call ${call.method} ${call.url}`);
      return reply(call);
    }),
  );
  // Web Locks: one holder at a time per name, as browsers grant them across tabs.
  const queues = new Map<string, Promise<unknown>>();
  vi.stubGlobal('navigator', {
    ...navigator,
    locks: {
      request(name: string, work: () => Promise<unknown>) {
        lockNames.push(name);
        const turn = (queues.get(name) ?? Promise.resolve()).then(work, work);
        queues.set(
          name,
          turn.catch(() => undefined),
        );
        return turn;
      },
    },
  });
  client = await import('./api-client.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the fetch wrapper', () => {
  it('calls /api with the stored access token as a bearer header and answers the JSON', async () => {
    localStorage.setItem(client.TOKEN_KEY, 'abc.def.ghi');
    replies.push(() => json(200, [{ _id: '1' }]));
    const parts = await client.api<{ _id: string }[]>('/items', { query: { page: 2 } });
    expect(parts).toEqual([{ _id: '1' }]);
    expect(calls).toEqual([
      {
        url: `${window.location.origin}/api/items?page=2`,
        method: 'GET',
        authorization: 'Bearer abc.def.ghi',
      },
    ]);
  });

  it('sends no token when the call says so', async () => {
    localStorage.setItem(client.TOKEN_KEY, 'abc.def.ghi');
    replies.push(() => json(200, { ok: true }));
    await client.api('/auth/login', { method: 'POST', body: {}, bearer: false });
    expect(calls[0]?.authorization).toBeUndefined();
  });

  it("turns the shop's error shape into an ApiError with its code and message", async () => {
    replies.push(() => json(400, { error: { code: 'invalid', message: 'Minimum order 100' } }));
    const refused = client.api('/order', { method: 'POST', body: {} });
    await expect(refused).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'invalid',
      message: 'Minimum order 100',
    });
  });

  it('reads a file to save (an export) as a Blob, with the bearer header', async () => {
    localStorage.setItem(client.TOKEN_KEY, 'abc.def.ghi');
    replies.push(
      () => new Response('partNumber,name\r\n', { headers: { 'content-type': 'text/csv' } }),
    );
    const file = await client.api<Blob>('/admin/catalogue/export', { reply: 'file' });
    expect(await file.text()).toBe('partNumber,name\r\n');
    expect(calls[0]?.authorization).toBe('Bearer abc.def.ghi');
  });

  it('calls a reply that is not JSON an ApiError, not a crash', async () => {
    replies.push(() => new Response('<html>Bad gateway</html>', { status: 200 }));
    await expect(client.api('/items')).rejects.toMatchObject({
      code: 'invalid_reply',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
  });
});

describe('what a failure says (issue 30 #3)', () => {
  const ourSide = 'Something went wrong on our side. Please try again in a moment.';

  it('a request that never reached the shop says so, as an ApiError with status 0', async () => {
    replies.push(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.api('/order', { method: 'POST', body: {} })).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      code: 'network',
      message: 'We could not reach the shop. Check your connection and try again.',
    });
  });

  it('an abort stays an abort', async () => {
    replies.push(() =>
      Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
    );
    const aborted = client.api('/items', { signal: new AbortController().signal });
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await expect(aborted).rejects.not.toBeInstanceOf(client.ApiError);
  });

  it('a 5xx or a proxy’s page says the fault is ours, never "Request failed (502)"', async () => {
    replies.push(
      () =>
        json(500, {
          error: {
            code: 'internal',
            message: 'Something went wrong on our side. Please try again.',
          },
        }),
      () => new Response('<html>502 Bad Gateway</html>', { status: 502 }),
      () => new Response('', { status: 413 }),
    );
    await expect(client.api('/items')).rejects.toMatchObject({
      status: 500,
      code: 'internal',
      message: ourSide,
    });
    await expect(client.api('/items')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: ourSide,
    });
    await expect(client.api('/items')).rejects.toMatchObject({ status: 413, message: ourSide });
  });

  it('an invalid request keeps the fields the server names and its message for people', async () => {
    const fields = [
      { path: 'quantity', message: 'Enter a whole number' },
      { path: 'lines.0.quantity', message: 'Only 12 in stock' },
    ];
    replies.push(() =>
      json(400, {
        error: { code: 'invalid', message: 'Enter a whole number. Only 12 in stock.', fields },
      }),
    );
    const refused = await client.api('/order', { method: 'POST', body: {} }).catch((e) => e);
    expect(refused).toBeInstanceOf(client.ApiError);
    expect(refused).toMatchObject({
      status: 400,
      code: 'invalid',
      message: 'Enter a whole number. Only 12 in stock.',
      fields,
    });
  });

  it('asks once more, after the wait the server names, while the same attempt is still at work', async () => {
    const key = 'attempt-1';
    replies.push(
      () =>
        new Response(
          JSON.stringify({ error: { code: 'idempotency_key_in_use', message: 'Still working' } }),
          { status: 409, headers: { 'content-type': 'application/json', 'retry-after': '0' } },
        ),
      () => json(201, { insertedId: 'o1' }),
    );
    await expect(
      client.api('/order', { method: 'POST', body: {}, idempotencyKey: key }),
    ).resolves.toEqual({ insertedId: 'o1' });
    expect(calls.map((call) => call.idempotencyKey)).toEqual([key, key]);
  });

  it('says in words that the attempt is still at work when it still is, and never mentions the key', async () => {
    const busy = () =>
      new Response(
        JSON.stringify({
          error: {
            code: 'idempotency_key_in_use',
            message: 'A request with this Idempotency-Key…',
          },
        }),
        { status: 409, headers: { 'content-type': 'application/json', 'retry-after': '0' } },
      );
    replies.push(busy, busy);
    const refused = client.api('/order', { method: 'POST', body: {}, idempotencyKey: 'k' });
    await expect(refused).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_key_in_use',
      message: client.apiErrorMessages.stillWorking,
    });
    expect(calls).toHaveLength(2);
  });

  it('does not ask again for a 409 that is a refusal', async () => {
    replies.push(() => json(409, { error: { code: 'conflict', message: 'maximum order 12' } }));
    await expect(
      client.api('/order', { method: 'POST', body: {}, idempotencyKey: 'k' }),
    ).rejects.toMatchObject({ message: 'maximum order 12' });
    expect(calls).toHaveLength(1);
  });
});

describe('a 401 on a bearer call', () => {
  it('refreshes the token once through the cookie and retries with the new one', async () => {
    const stale = token('stale', 10);
    const fresh = token('fresh', 900);
    localStorage.setItem(client.TOKEN_KEY, stale);
    replies.push(
      () => json(401, { error: { code: 'unauthorized', message: 'Sign in to continue' } }),
      () => json(200, { token: fresh }),
      () => json(200, { email: 'a@b.c' }),
    );
    const events: unknown[] = [];
    client.onSessionEvent((event) => events.push(event));

    await expect(client.api('/userorder')).resolves.toEqual({ email: 'a@b.c' });
    expect(
      calls.map((call) => `${call.method} ${new URL(call.url, window.location.href).pathname}`),
    ).toEqual(['GET /api/userorder', 'POST /api/auth/refresh', 'GET /api/userorder']);
    expect(calls[1]?.authorization).toBeUndefined();
    expect(calls[2]?.authorization).toBe(`Bearer ${fresh}`);
    expect(localStorage.getItem(client.TOKEN_KEY)).toBe(fresh);
    expect(events).toEqual([{ type: 'token', otherTab: false }]);
    expect(lockNames).toEqual(['axle-token-refresh']);
  });

  it('ends the session when the refresh is refused too', async () => {
    localStorage.setItem(client.TOKEN_KEY, token('stale', 10));
    replies.push(
      () => json(401, { error: { code: 'unauthorized', message: 'Sign in to continue' } }),
      () => json(401, { error: { code: 'unauthorized', message: 'Sign in to continue' } }),
    );
    const events: unknown[] = [];
    client.onSessionEvent((event) => events.push(event));

    await expect(client.api('/userorder')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(client.TOKEN_KEY)).toBeNull();
    expect(events).toEqual([{ type: 'ended', revoke: false, goHome: false }]);
  });

  it('keeps the session when the refresh cannot reach the shop, and says so', async () => {
    const stale = token('stale', 10);
    localStorage.setItem(client.TOKEN_KEY, stale);
    replies.push(
      () => json(401, { error: { code: 'unauthorized', message: 'Sign in to continue' } }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    const events: unknown[] = [];
    client.onSessionEvent((event) => events.push(event));
    await expect(client.api('/userorder')).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(localStorage.getItem(client.TOKEN_KEY)).toBe(stale);
    expect(events).toEqual([]);
  });

  it('is not retried without a token (nobody is signed in)', async () => {
    replies.push(() => json(401, { error: { code: 'unauthorized', message: 'Sign in' } }));
    await expect(client.api('/profileinfo')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });

  it('makes one refresh for every call of the tab that is refused at once', async () => {
    const fresh = token('fresh', 900);
    localStorage.setItem(client.TOKEN_KEY, token('stale', 10));
    const refused = () => json(401, { error: { code: 'unauthorized', message: 'Sign in' } });
    let release: () => void = () => undefined;
    const refreshed = new Promise<void>((resolve) => {
      release = resolve;
    });
    replies.push(refused, refused, async () => {
      await refreshed;
      return json(200, { token: fresh });
    });
    const first = client.api('/userorder');
    const second = client.api('/profileinfo');
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    replies.push(
      () => json(200, { one: 1 }),
      () => json(200, { two: 2 }),
    );
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([{ one: 1 }, { two: 2 }]);
    const refreshes = calls.filter((call) => call.url.endsWith('/api/auth/refresh'));
    expect(refreshes).toHaveLength(1);
  });

  it('uses the token another tab refreshed while this one waited for the lock', async () => {
    const seen = token('stale', 10);
    const fromOtherTab = token('other-tab', 900);
    localStorage.setItem(client.TOKEN_KEY, seen);
    // The other tab stored its new token (and its rotated cookie) before this tab got the lock.
    localStorage.setItem(client.TOKEN_KEY, fromOtherTab);
    await expect(client.refreshAccessToken(seen)).resolves.toBe(fromOtherTab);
    expect(calls).toEqual([]);
  });
});

describe('what a 401 or 403 does for its caller', () => {
  it("'signOut' ends the session, revokes it on the server and goes home", async () => {
    localStorage.setItem(client.TOKEN_KEY, 'abc.def.ghi');
    replies.push(() => json(403, { error: { code: 'forbidden', message: 'Not yours' } }));
    const events: unknown[] = [];
    client.onSessionEvent((event) => events.push(event));
    await expect(client.api('/userorder', { onDenied: 'signOut' })).rejects.toMatchObject({
      status: 403,
    });
    expect(localStorage.getItem(client.TOKEN_KEY)).toBeNull();
    expect(events).toEqual([{ type: 'ended', revoke: true, goHome: true }]);
  });

  it("'home' sends the page home and keeps the session", async () => {
    localStorage.setItem(client.TOKEN_KEY, 'abc.def.ghi');
    replies.push(() => json(403, { error: { code: 'forbidden', message: 'Not yours' } }));
    const events: unknown[] = [];
    client.onSessionEvent((event) => events.push(event));
    await expect(client.api('/orderid/1', { onDenied: 'home' })).rejects.toMatchObject({
      status: 403,
    });
    expect(localStorage.getItem(client.TOKEN_KEY)).toBe('abc.def.ghi');
    expect(events).toEqual([{ type: 'denied' }]);
  });

  it('a 403 without a policy changes nothing but the answer', async () => {
    localStorage.setItem(client.TOKEN_KEY, 'abc.def.ghi');
    replies.push(() => json(403, { error: { code: 'forbidden', message: 'Admins only' } }));
    const events: unknown[] = [];
    client.onSessionEvent((event) => events.push(event));
    await expect(client.api('/users')).rejects.toMatchObject({ status: 403 });
    expect(localStorage.getItem(client.TOKEN_KEY)).toBe('abc.def.ghi');
    expect(events).toEqual([]);
  });
});

describe('tabs share the session', () => {
  it('hears another tab sign out or store a new token', async () => {
    const events: unknown[] = [];
    client.onSessionEvent((event) => events.push(event));
    localStorage.setItem(client.TOKEN_KEY, 'new.token.here');
    window.dispatchEvent(new StorageEvent('storage', { key: client.TOKEN_KEY }));
    localStorage.removeItem(client.TOKEN_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: client.TOKEN_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    expect(events).toEqual([
      { type: 'token', otherTab: true },
      { type: 'ended', revoke: false, goHome: false },
    ]);
  });
});
