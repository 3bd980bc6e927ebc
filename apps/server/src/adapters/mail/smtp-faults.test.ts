// Issue 34 #4: mail survives a bad SMTP server. Through a fault proxy in front of a real SMTP
// peer (smtp-server), a server that accepts the connection and never greets fails the send within
// the greeting timeout (seconds, not minutes); the durable queue keeps the mail and tries it again
// later, and it is delivered once the server answers; a sign-up meanwhile answers at once, and
// "send the e-mail again" says the e-mail is queued.
import type { AddressInfo } from 'node:net';
import { authMessages } from '@axle/contract';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultProxy, faultProxy } from '../../../test/fault-proxy.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

let smtp: SMTPServer;
let proxy: FaultProxy;
const delivered: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  proxy = await faultProxy({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await proxy.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('an SMTP server that hangs', () => {
  it('fails the send within seconds; the queue delivers the mail once the server answers again', async () => {
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${proxy.port}`,
      from: 'Axle <shop@axle.test>',
      timeouts: { connectionMs: 500, greetingMs: 500, socketMs: 1_000 },
    });
    const t = await createTestApp({ mailer });
    try {
      proxy.set('hang');
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Hana Smtp', email: 'hana.smtp@garage.test', password: 'secret12' },
      });
      // The sign-up answered; its mail's first try (run after the call) failed on the greeting.
      expect(res.statusCode, res.body).toBe(202);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(delivered).not.toContain('hana.smtp@garage.test');
      const waiting = (await t.db.execute(
        sql`select attempts, last_error from jobs where kind = 'mail'`,
      )) as unknown as { rows: { attempts: number; last_error: string }[] };
      expect(waiting.rows).toEqual([
        { attempts: 1, last_error: expect.stringMatching(/Greeting never received|Timeout/i) },
      ]);
      // "Send the e-mail again" meanwhile answers at once, and says the e-mail is queued.
      const resend = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register/resend',
          payload: { email: 'hana.smtp@garage.test' },
        });
      const queued = await resend();
      expect(queued.statusCode, queued.body).toBe(202);
      expect(queued.json()).toEqual({ message: authMessages.mailQueued });

      // A minute later (its retry's time, brought forward here), the server answers again.
      proxy.set('refuse');
      proxy.set('pass');
      await t.db.execute(sql`update jobs set run_at = now() where kind = 'mail'`);
      await t.app.jobs.drain();
      expect(delivered).toContain('hana.smtp@garage.test');
      const left = (await t.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'mail'`,
      )) as unknown as { rows: { n: number }[] };
      expect(left.rows[0]?.n).toBe(0);
      // Mail flows again: a resend says it was sent.
      expect((await resend()).json()).toEqual({ message: authMessages.signUpMailResent });
    } finally {
      await t.close();
      await mailer.close();
    }
  });
});
