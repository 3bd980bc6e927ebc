// The e-mails of the accounts domain. Each is written once as blocks, then rendered to plain text
// and to simple HTML, so the two versions never drift apart.
import type { MailMessage } from '../../adapters/mail/mailer.ts';

const shop = 'Axle';

export function verifyEmailMessage({
  to,
  name,
  link,
}: {
  to: string;
  name: string;
  link: string;
}): MailMessage {
  return compose(to, `Confirm your e-mail address for ${shop}`, [
    { greeting: name },
    `Welcome to ${shop}! Confirm that this is your e-mail address, and you are signed in:`,
    { action: 'Confirm my e-mail address', link },
    'The link works once.',
    `If you did not create an account at ${shop}, you can ignore this e-mail.`,
  ]);
}

export function passwordResetMessage({
  to,
  name,
  link,
  minutes,
}: {
  to: string;
  name: string;
  link: string;
  minutes: number;
}): MailMessage {
  const expiry = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return compose(to, `Reset your ${shop} password`, [
    { greeting: name },
    `Someone asked to reset the password of your ${shop} account. Choose a new password here:`,
    { action: 'Choose a new password', link },
    `The link works once and expires in ${expiry}.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ]);
}

export function alreadyRegisteredMessage({
  to,
  name,
  signInLink,
  resetLink,
}: {
  to: string;
  name: string;
  signInLink: string;
  resetLink: string;
}): MailMessage {
  return compose(to, `You already have an account at ${shop}`, [
    { greeting: name },
    `Someone just tried to create an account at ${shop} with this e-mail address, which already has one.`,
    'If it was you, sign in:',
    { action: 'Sign in', link: signInLink },
    'Forgot your password? Reset it:',
    { action: 'Reset my password', link: resetLink },
    'If it was not you, you can ignore this e-mail: nothing has changed on your account.',
  ]);
}

type Block = string | { greeting: string } | { action: string; link: string };

function compose(to: string, subject: string, blocks: Block[]): MailMessage {
  return { to, subject, text: renderText(blocks), html: renderHtml(subject, blocks) };
}

function renderText(blocks: Block[]): string {
  const paragraphs = blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('greeting' in block) return `Hi ${displayName(block.greeting)},`;
    return block.link;
  });
  return `${[...paragraphs, `The ${shop} team`].join('\n\n')}\n`;
}

const textStyle = 'margin:0 0 16px;font-size:16px;line-height:1.5;';
const linkColor = '#1d4ed8';

function renderHtml(subject: string, blocks: Block[]): string {
  const body = blocks.map((block) => {
    if (typeof block === 'string') return `<p style="${textStyle}">${escapeHtml(block)}</p>`;
    if ('greeting' in block) {
      return `<p style="${textStyle}">Hi ${escapeHtml(displayName(block.greeting))},</p>`;
    }
    const href = escapeHtml(block.link);
    return [
      `<p style="margin:0 0 8px;"><a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${linkColor};color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;">${escapeHtml(block.action)}</a></p>`,
      `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#44403c;">Or open this address: <a href="${href}" style="color:${linkColor};word-break:break-all;">${href}</a></p>`,
    ].join('\n');
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:24px;background:#f5f5f4;color:#1c1917;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;">
<main style="max-width:560px;margin:0 auto;padding:32px;border-radius:8px;background:#ffffff;">
<p style="margin:0 0 24px;font-size:22px;font-weight:700;">${shop}</p>
${body.join('\n')}
<p style="${textStyle}">The ${shop} team</p>
</main>
</body>
</html>
`;
}

/**
 * Names are user input, and a verification e-mail goes to any address someone types: a name is
 * quoted only when it is plain words (letters, marks, digits, spaces, apostrophes and hyphens), so
 * no mail client can turn it into a link (no dots, colons, slashes or @, in any script's or width's
 * spelling, as NFKC folds them), and in one bounded line. Any other name is not quoted at all.
 */
function displayName(name: string): string {
  const clean = name
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean || !/^[\p{L}\p{M}\p{Nd} '’-]+$/u.test(clean)) return 'there';
  const chars = Array.from(clean);
  return chars.length > 60 ? `${chars.slice(0, 59).join('')}…` : clean;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
