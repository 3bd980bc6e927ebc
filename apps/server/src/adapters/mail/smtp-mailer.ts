import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

export type SmtpMailerOptions = {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465` (TLS). */
  url: string;
  /** The From header, e.g. `Axle <no-reply@axle.example>`. */
  from: string;
  /** How long to wait for the connection, the server's greeting and any reply (tests shorten them). */
  timeouts?: { connectionMs: number; greetingMs: number; socketMs: number } | undefined;
};

/**
 * A few seconds, not nodemailer's minutes (issue 34 #4): a server that hangs fails the send soon,
 * and the durable queue tries the mail again later, with backoff, until it goes through.
 */
export const SMTP_TIMEOUTS = { connectionMs: 5_000, greetingMs: 5_000, socketMs: 10_000 };

/** Delivers through an SMTP server, one connection per message. */
export function createSmtpMailer({
  url,
  from,
  timeouts = SMTP_TIMEOUTS,
}: SmtpMailerOptions): Mailer & { close(): Promise<void> } {
  assertSmtpUrl(url);
  const transport = nodemailer.createTransport(
    {
      url,
      // Nodemailer's own log would carry message data and AUTH exchanges.
      logger: false,
      debug: false,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    },
    { from },
  );
  return {
    async send({ to, subject, text, html, attachments }) {
      await transport.sendMail({ to, subject, text, html, attachments });
    },
    async close() {
      transport.close();
    },
  };
}

function assertSmtpUrl(url: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    // Not the URL itself: it holds the password.
    throw new Error('The SMTP URL is not a valid URL');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error(`The SMTP URL must start with smtp:// or smtps:// (got ${protocol}//)`);
  }
}
