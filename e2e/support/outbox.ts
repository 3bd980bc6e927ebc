// The shop's outbox as a mail client sees it: without SMTP the server writes each e-mail as an .eml
// file in `${DATA_DIR}/outbox` (playwright.config.ts puts DATA_DIR in AXLE_E2E_DATA_DIR).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

export type Mail = { to: string; subject: string; text: string; links: string[] };

function outboxDir(): string {
  const dataDir = process.env.AXLE_E2E_DATA_DIR;
  if (!dataDir) throw new Error('AXLE_E2E_DATA_DIR is not set: run the tests through Playwright');
  return join(dataDir, 'outbox');
}

/**
 * Waits for an e-mail to `to` (optionally one whose subject matches) that `skip` does not list
 * and returns the newest. Pass the links of an earlier message as `skip` to wait for the next one.
 */
export async function waitForMail(
  to: string,
  { subject, skip = [] }: { subject?: RegExp; skip?: Mail[] } = {},
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = await newestMail(to, subject, skip);
        return found !== undefined;
      },
      { message: `an e-mail to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no e-mail to ${to}`);
  return found;
}

/** The link of a message that leads to `path` (e.g. '/verify-email'), as a path on this site. */
export function linkTo(mail: Mail, path: string): string {
  for (const link of mail.links) {
    const url = new URL(link);
    if (url.pathname === path) return `${url.pathname}${url.search}`;
  }
  throw new Error(`the e-mail "${mail.subject}" has no link to ${path}: ${mail.links.join(', ')}`);
}

async function newestMail(to: string, subject: RegExp | undefined, skip: Mail[]) {
  let names: string[];
  try {
    names = await readdir(outboxDir());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Names start with the time they were written, so the newest sorts last.
  for (const name of names
    .filter((n) => n.endsWith('.eml'))
    .sort()
    .reverse()) {
    const mail = parseMail(await readFile(join(outboxDir(), name), 'utf8'));
    if (!mail.to.toLowerCase().includes(to.toLowerCase())) continue;
    if (subject && !subject.test(mail.subject)) continue;
    if (skip.some((old) => old.text === mail.text)) return undefined;
    return mail;
  }
  return undefined;
}

type Part = { headers: Map<string, string>; type: string; body: string; parts: Part[] };

function parseMail(raw: string): Mail {
  const root = parsePart(raw.replaceAll('\r\n', '\n'));
  const text = findBody(root, 'text/plain') ?? '';
  return {
    to: root.headers.get('to') ?? '',
    subject: root.headers.get('subject') ?? '',
    text,
    links: (text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((link) =>
      link.replace(/[.,;:!?)\]'}]+$/, ''),
    ),
  };
}

function parsePart(source: string): Part {
  const split = source.indexOf('\n\n');
  const head = split === -1 ? source : source.slice(0, split);
  const body = split === -1 ? '' : source.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
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
    .map((chunk) => parsePart(chunk.replace(/^\n/, '')));
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
  if (encoding !== 'quoted-printable') return body;
  // Soft line breaks ('=' at the end of a line) join lines; =XX is one byte.
  const text = body.replace(/=\n/g, '');
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
