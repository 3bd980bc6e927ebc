import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { latestMessage } from '../../../test/outbox.ts';
import { createMailer } from './index.ts';

let root: string;
let lines: { obj: object; msg: string }[];
const log = { info: (obj: object, msg: string) => lines.push({ obj, msg }) };

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'axle-mailer-'));
  lines = [];
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('choosing the mailer', () => {
  it('without an SMTP URL, mail goes to the outbox folder', async () => {
    const outboxDir = join(root, 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'shop@axle.test', outboxDir, log });
    await mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    await mailer.close();

    expect((await latestMessage(outboxDir, { to: 'ada@example.com' }))?.subject).toBe('Hello');
    expect(lines[0]?.msg).toMatch(/outbox/);
  });

  it('with an SMTP URL, it says which host it sends through, never the credentials', async () => {
    const mailer = createMailer({
      smtpUrl: 'smtps://mailer:hunter2@smtp.axle.test:465',
      from: 'shop@axle.test',
      outboxDir: join(root, 'outbox'),
      log,
    });
    await mailer.close();

    expect(lines).toEqual([
      { obj: { mail: 'smtp', host: 'smtp.axle.test:465' }, msg: 'mail is sent through SMTP' },
    ]);
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });
});
