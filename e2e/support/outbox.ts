// The shop's outbox as a mail client sees it: without SMTP the server writes each e-mail as an .eml
// file in `${DATA_DIR}/outbox` (playwright.config.ts puts DATA_DIR in AXLE_E2E_DATA_DIR).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { parseMessage, type ReadMessage } from '../../apps/server/test/outbox.ts';

/** An e-mail as the tests read it: the API tests' own reader parses it. */
export type Mail = ReadMessage;

/** Which shop's outbox to read: the DATA_DIR of a shop of its own (admin.ts), else the suite's. */
export type MailOptions = { dataDir?: string | undefined };

function outboxDir(dataDir = process.env.AXLE_E2E_DATA_DIR): string {
  if (!dataDir) throw new Error('AXLE_E2E_DATA_DIR is not set: run the tests through Playwright');
  return join(dataDir, 'outbox');
}

/**
 * Waits for an e-mail to `to` (optionally one whose subject matches) that `skip` does not list
 * and returns the newest. Pass the links of an earlier message as `skip` to wait for the next one.
 */
export async function waitForMail(
  to: string,
  { subject, skip = [], dataDir }: { subject?: RegExp; skip?: Mail[] } & MailOptions = {},
): Promise<Mail> {
  const outbox = outboxDir(dataDir);
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = await newestMail(outbox, to, subject, skip);
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

async function newestMail(outbox: string, to: string, subject: RegExp | undefined, skip: Mail[]) {
  let names: string[];
  try {
    names = await readdir(outbox);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Names start with the time they were written, so the newest sorts last.
  for (const name of names
    .filter((n) => n.endsWith('.eml'))
    .sort()
    .reverse()) {
    const mail = parseMessage(await readFile(join(outbox, name), 'utf8'));
    if (!mail.to.toLowerCase().includes(to.toLowerCase())) continue;
    if (subject && !subject.test(mail.subject)) continue;
    if (skip.some((old) => old.text === mail.text)) return undefined;
    return mail;
  }
  return undefined;
}
