import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMessage } from '../../../test/outbox.ts';
import type { MailMessage } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

type Received = { mailFrom: string; rcptTo: string[]; raw: string };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A real SMTP server on a random local port, plain text (no STARTTLS). */
async function startSmtpServer(options: SMTPServerOptions = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, received };
}

function useMailer(url: string) {
  const mailer = createSmtpMailer({ url, from: 'Axle <shop@axle.test>' });
  cleanups.push(() => mailer.close());
  return mailer;
}

const message: MailMessage = {
  to: 'ada@example.com',
  subject: 'Your brake pads – Bremsbeläge für 42 €',
  text: 'Hi Ada,\n\nConfirm here: https://axle.test/verify?token=abc&x=1\n',
  html: '<p>Hi Ada,</p><p><a href="https://axle.test/verify?token=abc&amp;x=1">Confirm</a></p>',
};

describe('the SMTP mailer', () => {
  it('delivers the message with its sender, recipient, subject, text and HTML', async () => {
    const smtp = await startSmtpServer();
    await useMailer(`smtp://127.0.0.1:${smtp.port}`).send(message);

    expect(smtp.received).toHaveLength(1);
    const [delivered] = smtp.received;
    expect(delivered?.mailFrom).toBe('shop@axle.test');
    expect(delivered?.rcptTo).toEqual(['ada@example.com']);
    const parsed = parseMessage(delivered?.raw ?? '');
    expect(parsed.from).toBe('Axle <shop@axle.test>');
    expect(parsed.to).toBe('ada@example.com');
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.text.trimEnd()).toBe(message.text.trimEnd());
    expect(parsed.html).toBe(message.html);
  });

  it('signs in with the user and password of the URL', async () => {
    const logins: { username: string | undefined; password: string | null | undefined }[] = [];
    const smtp = await startSmtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username, password: auth.password });
        if (auth.username === 'mailer' && auth.password === 'p@ss/w:rd') {
          callback(null, { user: auth.username });
        } else {
          callback(new Error('Invalid username or password'));
        }
      },
    });
    const password = encodeURIComponent('p@ss/w:rd');
    await useMailer(`smtp://mailer:${password}@127.0.0.1:${smtp.port}`).send(message);

    expect(logins).toEqual([{ username: 'mailer', password: 'p@ss/w:rd' }]);
    expect(smtp.received).toHaveLength(1);
  });

  it('rejects the send when the server refuses the login', async () => {
    const smtp = await startSmtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(_auth, _session, callback) {
        callback(new Error('Invalid username or password'));
      },
    });
    await expect(
      useMailer(`smtp://mailer:wrong@127.0.0.1:${smtp.port}`).send(message),
    ).rejects.toThrow(/Invalid login/);
    expect(smtp.received).toHaveLength(0);
  });

  it('rejects the send when no server listens', async () => {
    const port = await freePort();
    await expect(useMailer(`smtp://127.0.0.1:${port}`).send(message)).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });

  it('refuses a URL that is not smtp:// or smtps://, without echoing it', () => {
    expect(() =>
      createSmtpMailer({ url: 'http://user:secret@mail.test', from: 'shop@axle.test' }),
    ).toThrow('must start with smtp:// or smtps://');
    expect(() => createSmtpMailer({ url: 'not a url secret', from: 'shop@axle.test' })).toThrow(
      /^The SMTP URL is not a valid URL$/,
    );
  });
});

/** A port nothing listens on: bound, then released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
