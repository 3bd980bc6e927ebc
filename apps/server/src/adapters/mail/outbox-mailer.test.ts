import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FullDisk, fillDisk } from '../../../test/full-disk.ts';
import { latestMessage, parseMessage } from '../../../test/outbox.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { queueMail } from '../../features/jobs/jobs.service.ts';
import { jobs } from '../../features/jobs/jobs.table.ts';
import type { MailMessage } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';

let root: string;
let dir: string;
let lines: { obj: Record<string, unknown>; msg: string }[];
let disk: FullDisk | undefined;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'axle-outbox-'));
  dir = join(root, 'data', 'outbox');
  lines = [];
});
afterEach(async () => {
  disk?.free();
  disk = undefined;
  await rm(root, { recursive: true, force: true });
});

function outbox() {
  return createOutboxMailer({
    dir,
    from: 'Axle <shop@axle.test>',
    log: { info: (obj, msg) => lines.push({ obj: obj as Record<string, unknown>, msg }) },
  });
}

function verification(to: string, token: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address for Axle',
    text: `Hi,\n\nConfirm your address (https://axle.test/verify-email?token=${token}).\n\nSecret body line.\n`,
    html: `<p>Hi,</p><p><a href="https://axle.test/verify-email?token=${token}">Confirm</a></p>`,
  };
}

describe('the outbox mailer', () => {
  it('writes the message as an .eml file a mail client can read, creating the folder', async () => {
    await outbox().send(verification('ada@example.com', 'abc'));

    const names = await readdir(dir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{6}\.eml$/);
    const raw = await readFile(join(dir, names[0] ?? ''), 'utf8');
    expect(raw).not.toContain('\r\n');
    const mail = parseMessage(raw);
    expect(mail.headers.get('mime-version')).toBe('1.0');
    expect(mail.headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(mail.headers.get('date')).toBeTruthy();
    expect(mail.from).toBe('Axle <shop@axle.test>');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Confirm your e-mail address for Axle');
    expect(mail.text).toContain('Secret body line.');
    expect(mail.html).toContain('href="https://axle.test/verify-email?token=abc"');
    expect(mail.links).toEqual(['https://axle.test/verify-email?token=abc']);
  });

  it('logs the recipient, subject and file, but neither the body nor a link (a live token)', async () => {
    await outbox().send(verification('ada@example.com', 'abc'));

    const [name] = await readdir(dir);
    expect(lines).toEqual([
      {
        obj: {
          to: 'ada@example.com',
          subject: 'Confirm your e-mail address for Axle',
          file: join(dir, name ?? ''),
        },
        msg: 'mail written to the outbox',
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('Secret body line');
    expect(JSON.stringify(lines)).not.toContain('token=abc');
  });

  it('keeps one file per message, named in the order they were sent, and no temp files', async () => {
    const mailer = outbox();
    await mailer.send(verification('ada@example.com', 'first'));
    await mailer.send(verification('ada@example.com', 'second'));
    await Promise.all(
      ['c', 'd', 'e'].map((token) => mailer.send(verification('bob@example.com', token))),
    );

    const names = await readdir(dir);
    expect(names).toHaveLength(5);
    expect(names.every((name) => name.endsWith('.eml'))).toBe(true);
    const sorted = [...names].sort();
    const tokens = await Promise.all(
      sorted
        .slice(0, 2)
        .map(async (name) => parseMessage(await readFile(join(dir, name), 'utf8')).links[0]),
    );
    expect(tokens).toEqual([
      'https://axle.test/verify-email?token=first',
      'https://axle.test/verify-email?token=second',
    ]);
    expect((await latestMessage(dir, { to: 'ADA@example.com' }))?.links).toEqual([
      'https://axle.test/verify-email?token=second',
    ]);
    expect(await latestMessage(dir, { to: 'carol@example.com' })).toBeUndefined();
  });

  it('reads back non-ASCII subjects and bodies intact', async () => {
    const message: MailMessage = {
      to: 'Zoë <zoe@example.com>',
      subject: 'Bremsbeläge für 42 € – bestätigt',
      text: `Grüße, Zoë! ${'Ölfilter '.repeat(20)}https://axle.test/r?t=ü\n`,
      html: '<p>Grüße, Zoë!</p>',
    };
    await outbox().send(message);

    const mail = await latestMessage(dir, { to: 'zoe@example.com' });
    expect(mail?.subject).toBe(message.subject);
    expect(mail?.text.trimEnd()).toBe(message.text.trimEnd());
    expect(mail?.html).toBe(message.html);
  });
});

describe('the outbox on a full disk (issue 34 #5)', () => {
  it('fails the send with a clear reason, leaves no half-written mail, and writes it once there is room', async () => {
    const mailer = outbox();
    await mailer.send(verification('ada@example.com', 'before'));
    const before = await readdir(dir);

    disk = fillDisk(root);
    await expect(mailer.send(verification('bob@example.com', 'full'))).rejects.toThrow(
      /^No room on the disk for the outbox: ENOSPC: no space left on device, write$/,
    );
    expect(disk.refused).toBe(1);
    // Neither the half-written temporary file nor a message: the folder is as it was.
    expect(await readdir(dir)).toEqual(before);

    disk.free();
    await mailer.send(verification('bob@example.com', 'room'));
    const names = await readdir(dir);
    expect(names).toHaveLength(2);
    expect(names.every((name) => name.endsWith('.eml'))).toBe(true);
    expect((await latestMessage(dir, { to: 'bob@example.com' }))?.links).toEqual([
      'https://axle.test/verify-email?token=room',
    ]);
  });

  it('leaves the mail in the queue with that reason, and the queue sends it once there is room', async () => {
    const shop = await createTestApp({ mailer: outbox() });
    try {
      await queueMail(shop.db, verification('carol@example.com', 'queued'));
      disk = fillDisk(root);
      expect(await shop.app.jobs.drain()).toBe(1);
      const [waiting] = await shop.db.select().from(jobs);
      expect(waiting).toMatchObject({ kind: 'mail', state: 'queued', attempts: 1 });
      expect(waiting?.lastError).toMatch(/^No room on the disk for the outbox: ENOSPC: /);
      expect(await latestMessage(dir, { to: 'carol@example.com' })).toBeUndefined();

      // Space is back; its next try (brought forward here) writes it, once.
      disk.free();
      await shop.db.update(jobs).set({ runAt: new Date(0) });
      expect(await shop.app.jobs.drain()).toBe(1);
      expect(await shop.db.select().from(jobs)).toEqual([]);
      expect((await latestMessage(dir, { to: 'carol@example.com' }))?.links).toEqual([
        'https://axle.test/verify-email?token=queued',
      ]);
      expect(await readdir(dir)).toHaveLength(1);
    } finally {
      await shop.close();
    }
  });
});
