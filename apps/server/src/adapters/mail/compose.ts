// The shop's one e-mail layout. A message is written once as blocks (paragraphs, a greeting, an
// action button with its link), then rendered to plain text and to simple HTML, so the two versions
// never drift apart. Every feature's messages are composed here.
import { escapeHtml } from '../../domain/html.ts';
import type { MailMessage } from './mailer.ts';

const shop = 'Axle';

export type Block =
  | string
  | { greeting: string }
  | { action: string; link: string }
  /** Rows of cells, the first row the heading (an order's lines); cells are text, never markup. */
  | { table: string[][] };

/** A message to `to`: its blocks, then the shop's signature. */
export function compose(
  to: string,
  subject: string,
  blocks: Block[],
  attachments?: MailMessage['attachments'],
): MailMessage {
  return {
    to,
    subject,
    text: renderText(blocks),
    html: renderHtml(subject, blocks),
    ...(attachments ? { attachments } : {}),
  };
}

function renderText(blocks: Block[]): string {
  const paragraphs = blocks.map((block) => {
    if (typeof block === 'string') return block;
    if ('greeting' in block) return `Hi ${displayName(block.greeting)},`;
    if ('table' in block) return textTable(block.table);
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
    if ('table' in block) return htmlTable(block.table);
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

/** A table as plain text: each column as wide as its widest cell, numbers and all left-aligned. */
function textTable(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, Array.from(cell).length);
    });
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell + ' '.repeat((widths[i] ?? 0) - Array.from(cell).length))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function htmlTable(rows: string[][]): string {
  const [head = [], ...body] = rows;
  const cell = (tag: 'th' | 'td', value: string) =>
    `<${tag} style="padding:4px 8px;border-bottom:1px solid #e7e5e4;text-align:left;font-size:14px;">${escapeHtml(value)}</${tag}>`;
  return [
    '<table style="margin:0 0 16px;border-collapse:collapse;width:100%;">',
    `<thead><tr>${head.map((value) => cell('th', value)).join('')}</tr></thead>`,
    `<tbody>${body.map((row) => `<tr>${row.map((value) => cell('td', value)).join('')}</tr>`).join('')}</tbody>`,
    '</table>',
  ].join('\n');
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
