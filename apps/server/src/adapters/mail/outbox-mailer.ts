import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { diskFull } from '../../db/errors.ts';
import { writeWhole } from '../files.ts';
import type { Mailer } from './mailer.ts';

/** The one method of a pino logger the outbox needs. */
export type OutboxLog = { info(obj: object, msg: string): void };

export type OutboxMailerOptions = {
  /** Folder of the `.eml` files; created when missing. */
  dir: string;
  from: string;
  log: OutboxLog;
};

/**
 * Writes each message as an RFC 822 `.eml` file instead of sending it, and logs where the file is,
 * so a developer without an SMTP server can still open a verification or reset link. The log names
 * the file, never a link: the links are live sign-in and reset tokens, and logs travel further than
 * the outbox folder (0700) does.
 */
export function createOutboxMailer({ dir, from, log }: OutboxMailerOptions): Mailer {
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'unix' },
    { from },
  );
  const nextTime = monotonicClock();
  return {
    async send({ to, subject, text, html, attachments }) {
      const { message } = await transport.sendMail({ to, subject, text, html, attachments });
      if (!Buffer.isBuffer(message))
        throw new Error('The stream transport did not buffer the message');
      const name = `${fileTime(nextTime())}-${randomBytes(3).toString('hex')}.eml`;
      const file = join(dir, name);
      // Readers list `*.eml`: the message appears whole at once, or not at all.
      try {
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await writeWhole(file, message, { mode: 0o600 });
      } catch (error) {
        // A failed send: the queue tries it again later, and keeps this as the job's reason.
        if (diskFull(error))
          throw new Error(`No room on the disk for the outbox: ${(error as Error).message}`, {
            cause: error,
          });
        throw error;
      }
      log.info({ to, subject, file }, 'mail written to the outbox');
    },
  };
}

/**
 * Milliseconds since the epoch, strictly increasing across calls, so that the names of messages
 * written within one millisecond still sort in the order they were sent.
 */
function monotonicClock(): () => number {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return last;
  };
}

/** `2026-11-21T05-33-10-123Z`: ISO 8601 with the characters file systems dislike replaced. */
function fileTime(ms: number): string {
  return new Date(ms).toISOString().replaceAll(':', '-').replace('.', '-');
}
