import type { Mailer } from './mailer.ts';
import { createOutboxMailer, type OutboxLog } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export type MailConfig = {
  /** `SMTP_URL`; unset → messages go to the outbox folder. */
  smtpUrl: string | undefined;
  /** `MAIL_FROM`. */
  from: string;
  /** `DATA_DIR/outbox`. */
  outboxDir: string;
  log: OutboxLog;
};

/** SMTP when it is configured, else the local outbox folder. */
export function createMailer({
  smtpUrl,
  from,
  outboxDir,
  log,
}: MailConfig): Mailer & { close(): Promise<void> } {
  if (smtpUrl) {
    const mailer = createSmtpMailer({ url: smtpUrl, from });
    log.info({ mail: 'smtp', host: new URL(smtpUrl).host }, 'mail is sent through SMTP');
    return mailer;
  }
  log.info(
    { mail: 'outbox', dir: outboxDir },
    'SMTP_URL is not set: mail is written to the outbox',
  );
  return { ...createOutboxMailer({ dir: outboxDir, from, log }), close: async () => {} };
}
