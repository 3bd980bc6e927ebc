// Reads e-mails back the way a mail client would, for tests: the newest message of the outbox
// folder for one recipient, or any raw RFC 822 message (e.g. one a test SMTP server received).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type ReadMessage = {
  /** Header values by lower-case name, unfolded and decoded. */
  headers: Map<string, string>;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the text part, in order. */
  links: string[];
  /** The files sent with it (an invoice), by name and type. */
  attachments: { filename: string; type: string }[];
};

/** The newest `.eml` in `dir` addressed to `to`, or `undefined` when there is none (yet). */
export async function latestMessage(
  dir: string,
  { to }: { to: string },
): Promise<ReadMessage | undefined> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const newestFirst = names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  for (const name of newestFirst) {
    const message = parseMessage(await readFile(join(dir, name), 'utf8'));
    if (addressesIn(message.to).includes(to.toLowerCase())) return message;
  }
  return undefined;
}

export function parseMessage(raw: string): ReadMessage {
  const root = parsePart(raw.replaceAll('\r\n', '\n'));
  const text = findBody(root, 'text/plain') ?? '';
  const header = (name: string) => root.headers.get(name) ?? '';
  return {
    headers: root.headers,
    from: header('from'),
    to: header('to'),
    subject: header('subject'),
    text,
    html: findBody(root, 'text/html') ?? '',
    links: (text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) =>
      link.replace(/[.,;:!?)\]'}]+$/, ''),
    ),
    attachments: attachmentsOf(root),
  };
}

function attachmentsOf(part: Part): { filename: string; type: string }[] {
  const disposition = part.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const own = /^attachment/i.test(disposition) && filename ? [{ filename, type: part.type }] : [];
  return [...own, ...part.parts.flatMap(attachmentsOf)];
}

type Part = { headers: Map<string, string>; type: string; body: string; parts: Part[] };

function parsePart(source: string): Part {
  const split = source.indexOf('\n\n');
  const head = split === -1 ? source : source.slice(0, split);
  const body = split === -1 ? '' : source.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1)));
    }
  }
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!type.startsWith('multipart/') || !boundary) {
    const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    return { headers, type, body: decodeBody(body, encoding), parts: [] };
  }
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .map((chunk) => parsePart(chunk.replace(/^\n/, '').replace(/\n$/, '')));
  return { headers, type, body: '', parts };
}

function findBody(part: Part, type: string): string | undefined {
  if (part.type === type) return part.body;
  for (const child of part.parts) {
    const found = findBody(child, type);
    if (found !== undefined) return found;
  }
  return undefined;
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body.replace(/=\n/g, ''));
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    )
    .trim();
}

function addressesIn(header: string): string[] {
  return (header.match(/[^\s<>",;]+@[^\s<>",;]+/g) ?? []).map((address) => address.toLowerCase());
}
