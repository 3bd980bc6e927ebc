import { hostname } from 'node:os';
import { meReply } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/customers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createLogger } from './request-log.ts';

// The access log as the server writes it (the production logger: pino, with Fastify's
// serializers and pino's redaction): one JSON line per request, cached or not, that says which
// request, what it asked, how it ended and for whom, and never a token, a password or a cookie.
const lines: string[] = [];
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({
    logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
  });
});
afterAll(() => t.close());

type AccessLine = {
  level: number;
  msg: string;
  reqId: string;
  userId?: string;
  method: string;
  url: string;
  statusCode: number;
  responseTime: number;
};

/** The access lines written while `call` ran. */
async function accessLines(call: () => Promise<unknown>): Promise<AccessLine[]> {
  const from = lines.length;
  await call();
  return lines
    .slice(from)
    .map((line) => JSON.parse(line) as AccessLine)
    .filter((entry) => entry.msg === 'request completed');
}

describe('the access log', () => {
  it('writes one line per request with its id, method, URL, status and time, cached or not', async () => {
    for (let n = 0; n < 2; n++) {
      const written = await accessLines(() => t.app.inject({ url: '/api/items?search=brake' }));
      expect(written).toEqual([
        {
          level: 30,
          time: expect.any(Number),
          pid: expect.any(Number),
          hostname: expect.any(String),
          msg: 'request completed',
          reqId: expect.any(String),
          method: 'GET',
          url: '/api/items?search=brake',
          statusCode: 200,
          responseTime: expect.any(Number),
        },
      ]);
    }
    const [missing] = await accessLines(() =>
      t.app.inject({ method: 'POST', url: '/api/no-such-call' }),
    );
    expect(missing).toMatchObject({ method: 'POST', url: '/api/no-such-call', statusCode: 404 });
  });

  it('names the account once a token was checked, and never logs the token, a cookie or a password', async () => {
    const customer = await signUp(t.app, 'logged');
    const me = meReply.parse(
      (await t.app.inject({ url: '/api/auth/me', headers: customer.headers })).json(),
    );
    const [line] = await accessLines(() =>
      t.app.inject({
        url: '/api/auth/me',
        headers: { ...customer.headers, cookie: 'axle_refresh=r3fresh-s3cret' },
      }),
    );
    expect(line).toMatchObject({ userId: me.user._id, statusCode: 200 });

    // Other lines of a request (pino's) carry the same request id, account, pid and host.
    const from = lines.length;
    const [refused] = await accessLines(() =>
      t.app.inject({ url: '/api/users', headers: customer.headers }),
    );
    const warning = lines
      .slice(from)
      .map((entry) => JSON.parse(entry) as AccessLine & { pid: number; hostname: string })
      .find((entry) => entry.msg === 'access refused');
    expect(refused).toMatchObject({ userId: me.user._id, statusCode: 403 });
    expect(warning).toMatchObject({
      level: 40,
      reqId: refused?.reqId,
      userId: me.user._id,
      pid: process.pid,
      hostname: hostname(),
    });
    expect(line).toMatchObject({ pid: process.pid, hostname: hostname() });

    const [anonymous] = await accessLines(() => t.app.inject({ url: '/api/items' }));
    expect(anonymous?.userId).toBeUndefined();

    const [callback] = await accessLines(() =>
      t.app.inject({ url: '/api/auth/google/callback?code=c0de&state=st4te' }),
    );
    expect(callback?.url).toBe(
      '/api/auth/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D',
    );

    const everything = lines.join('\n');
    for (const secret of [customer.token, 'r3fresh-s3cret', 'brake99', 'c0de', 'st4te'])
      expect(everything).not.toContain(secret);
  });
});
