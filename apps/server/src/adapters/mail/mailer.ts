/** The outside world's mail service, behind the one thing the shop needs from it. */
export type MailMessage = {
  to: string;
  subject: string;
  /** Plain-text body; links in it are what the outbox logs. */
  text: string;
  html: string;
  /** Files sent with the message (an invoice's PDF). */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
