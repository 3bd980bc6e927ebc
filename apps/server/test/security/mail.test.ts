// Attack catalogue, the shop's e-mail (issue 14): what a stranger can put into mail sent to
// someone else's address, and what the mail leaves in the log.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../src/adapters/mail/outbox-mailer.ts';
import { createSecurityTestApp, type TestApp } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSecurityTestApp();
});
afterAll(() => t.close());

let signUps = 0;
const signUp = (name: string, email = `victim${++signUps}x${Date.now() % 100_000}@garage.com`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: 'brake99' },
  });

// Bare URLs, domains and addresses are what mail clients turn into links, in any spelling.
const linkNames = [
  'Visit https://evil.example/claim',
  'Prize at evil.example',
  'www.evil.example',
  'Mail win@evil.example',
  'evil\uFF0Eexample',
  'evil\u3002example',
];

describe('the shop’s e-mail', () => {
  it('[ML-01] a sign-up name carrying a URL, domain or address is not quoted in the verification e-mail', async () => {
    for (const name of linkNames) {
      const sent = t.mail.length;
      expect((await signUp(name)).statusCode).toBe(202);
      const mail = t.mail[sent];
      if (!mail) throw new Error('no verification e-mail');
      expect(mail.text).toContain('Hi there,');
      for (const body of [mail.text, mail.html]) {
        expect(body).not.toContain('evil');
      }
    }
    const sent = t.mail.length;
    await signUp('Anne-Marie O’Brien');
    expect(t.mail[sent]?.text).toContain('Hi Anne-Marie O’Brien,');
  });

  it('[ML-02] the outbox logs the file of each message, never its links (live sign-in and reset tokens)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'axle-outbox-'));
    try {
      const lines: string[] = [];
      const outbox = createOutboxMailer({
        dir,
        from: 'Axle <shop@axle.test>',
        log: { info: (obj, msg) => lines.push(JSON.stringify({ ...obj, msg })) },
      });
      const sent = t.mail.length;
      await signUp('Ada');
      const mail = t.mail[sent];
      if (!mail) throw new Error('no verification e-mail');
      const token = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? '').searchParams.get('token');
      expect(token).toBeTruthy();
      await outbox.send(mail);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(dir);
      expect(lines[0]).not.toContain(token ?? 'token');
      expect(lines[0]).not.toContain('verify-email');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
