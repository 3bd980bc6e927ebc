// The newsletter's one e-mail: the confirmation link of a sign-up (double opt-in). It quotes
// nothing a stranger typed: no name, and the only link is the shop's own (PUBLIC_URL and a token).
import type { MailMessage } from '../../adapters/mail/mailer.ts';

const shop = 'Axle';

export function confirmSubscriptionMessage({
  to,
  link,
  hours,
}: {
  to: string;
  link: string;
  hours: number;
}): MailMessage {
  const subject = `Confirm your ${shop} newsletter subscription`;
  const before = `Someone asked for the ${shop} newsletter at this e-mail address. If it was you, confirm it:`;
  const after = [
    `The link works once and expires in ${hours} hours.`,
    'If it was not you, ignore this e-mail: you will get nothing more from us.',
  ];
  const text = `${[before, link, ...after, `The ${shop} team`].join('\n\n')}\n`;
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:24px;background:#f5f5f4;color:#1c1917;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;">
<main style="max-width:560px;margin:0 auto;padding:32px;border-radius:8px;background:#ffffff;">
<p style="margin:0 0 24px;font-size:22px;font-weight:700;">${shop}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(before)}</p>
<p style="margin:0 0 16px;"><a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#1d4ed8;color:#ffffff;font-size:16px;font-weight:600;text-decoration:none;">Confirm my subscription</a></p>
${after.map((line) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">The ${shop} team</p>
</main>
</body>
</html>
`;
  return { to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
