import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

export type SmtpMailerOptions = {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465` (TLS). */
  url: string;
  /** The From header, e.g. `Axle <no-reply@axle.example>`. */
  from: string;
};

/** Delivers through an SMTP server, one connection per message. */
export function createSmtpMailer({
  url,
  from,
}: SmtpMailerOptions): Mailer & { close(): Promise<void> } {
  assertSmtpUrl(url);
  const transport = nodemailer.createTransport(
    {
      url,
      // Nodemailer's own log would carry message data and AUTH exchanges.
      logger: false,
      debug: false,
      // The defaults (minutes) would hold a request open long after the user has given up.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
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
