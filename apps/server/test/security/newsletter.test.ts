// Attack catalogue, newsletter abuse (issue 14 #9; ASVS 5 V2.4.1 anti-automation, OWASP API6
// unrestricted access to sensitive business flows): anyone could sign any address up, as often as
// they liked, and nobody asked its owner. Now a sign-up is double opt-in (the address gets a
// single-use confirmation link and nothing else until it is opened), limited per caller address
// and per e-mail address, and the reply never says whether the address was already subscribed.
import { NEWSLETTER_CHECK_MAIL, NEWSLETTER_THANKS } from '@axle/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../src/db/schema.ts';
import { defaultNewsletterLimits } from '../../src/features/newsletter/newsletter.limits.ts';
import { confirmedSubscribers } from '../../src/features/newsletter/newsletter.service.ts';
import { TEST_PUBLIC_URL } from '../test-app.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import { createSecurityTestApp, expectError, type TestApp } from './support.ts';

let t: TestApp;
let clock = Date.now();
const limits = defaultNewsletterLimits;

beforeAll(async () => {
  t = await createSecurityTestApp({ now: () => new Date(clock), newsletterLimits: limits });
});
afterAll(() => t.close());

let ip = 0;
/** A caller address of its own, so one test's sign-ups do not use up another's limit. */
const newCaller = () => `198.51.100.${++ip}`;
let counter = 0;
const newAddress = (label = 'reader') => `${label}${++counter}x${process.pid}@garage.com`;

const subscribe = (email: string, remoteAddress = newCaller()) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email }, remoteAddress });
const confirm = (token: string, remoteAddress = newCaller()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter/confirm',
    payload: { token },
    remoteAddress,
  });
// Mail goes out after the reply; give the event loop a turn before reading it.
const mailSettled = () => new Promise((resolve) => setTimeout(resolve, 20));
const mailTo = async (email: string) => {
  await mailSettled();
  return t.mail.filter((m) => m.to.toLowerCase() === email.toLowerCase());
};
const linkIn = (text: string | undefined) =>
  text?.match(
    new RegExp(`^${TEST_PUBLIC_URL}/newsletter/confirm\\?token=([A-Za-z0-9_-]{43})$`, 'm'),
  )?.[1] ?? '';
const rowOf = async (email: string) =>
  (
    await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`)
  )[0];

describe('double opt-in', () => {
  it('[NL-01] a sign-up stores the address unconfirmed and mails it one link of the shop’s own, quoting nothing a stranger typed', async () => {
    const email = newAddress();
    const res = await subscribe(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: NEWSLETTER_CHECK_MAIL });
    expect(NEWSLETTER_CHECK_MAIL.startsWith(NEWSLETTER_THANKS)).toBe(true);
    expect(await rowOf(email)).toMatchObject({ confirmedAt: null, tokenHash: expect.any(String) });
    const mail = await mailTo(email);
    expect(mail).toHaveLength(1);
    const token = linkIn(mail[0]?.text);
    expect(token).not.toBe('');
    // The only link in the message is the shop's own, and no token is stored in the clear.
    expect(mail[0]?.text.match(/https?:\/\/\S+/g)).toEqual([
      `${TEST_PUBLIC_URL}/newsletter/confirm?token=${token}`,
    ]);
    expect(JSON.stringify(await rowOf(email))).not.toContain(token);
    expect(await confirmedSubscribers(t.db)).not.toContain(email);
  });

  it('[NL-02] the link confirms once: again, a wrong token or an expired link is a 400 that changes nothing', async () => {
    const email = newAddress();
    await subscribe(email);
    const token = linkIn((await mailTo(email))[0]?.text);
    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect((await rowOf(email))?.confirmedAt).not.toBeNull();
    expect(await confirmedSubscribers(t.db)).toContain(email);

    const before = await snapshot(t.db);
    expectError(await confirm(token), 400, 'invalid');
    expectError(await confirm('A'.repeat(43)), 400, 'invalid');
    await expectUnchanged(t.db, before);

    const late = newAddress('late');
    await subscribe(late);
    const lateToken = linkIn((await mailTo(late))[0]?.text);
    const now = Date.now();
    clock = now + 49 * 3_600_000;
    try {
      const beforeLate = await snapshot(t.db);
      expectError(await confirm(lateToken), 400, 'invalid');
      await expectUnchanged(t.db, beforeLate);
    } finally {
      clock = now;
    }
    expect(await confirmedSubscribers(t.db)).not.toContain(late);
  });

  it('[NL-03] the reply is the same for a new, a waiting and a confirmed address; a confirmed one is mailed nothing and nothing changes', async () => {
    const waiting = newAddress('waiting');
    const confirmed = newAddress('confirmed');
    const fresh = newAddress('fresh');
    await subscribe(waiting);
    await subscribe(confirmed);
    await confirm(linkIn((await mailTo(confirmed))[0]?.text));

    const replies = [
      await subscribe(fresh),
      await subscribe(` ${waiting.toUpperCase()} `),
      await subscribe(confirmed),
    ];
    for (const res of replies) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['retry-after']).toBeUndefined();
      expect(res.body).toBe(replies[0]?.body);
    }
    expect(await mailTo(confirmed)).toHaveLength(1);
    // A waiting address gets a new link (the old one no longer works), and nothing else.
    const waitingMail = await mailTo(waiting);
    expect(waitingMail).toHaveLength(2);
    expect(waitingMail.every((m) => /newsletter subscription/.test(m.subject))).toBe(true);
    expectError(await confirm(linkIn(waitingMail[0]?.text)), 400, 'invalid');

    const before = await snapshot(t.db);
    expect((await subscribe(confirmed)).body).toBe(replies[0]?.body);
    await expectUnchanged(t.db, before);
    expect(await mailTo(confirmed)).toHaveLength(1);
  });
});

describe('flooding', () => {
  it(`[NL-04] one caller address signs up at most ${limits.subscribePerIp.max} addresses an hour, then 429, and nothing is stored or mailed`, async () => {
    const caller = newCaller();
    for (let i = 0; i < limits.subscribePerIp.max; i++)
      expect((await subscribe(newAddress('flood'), caller)).statusCode).toBe(200);
    const victim = newAddress('victim');
    await mailSettled();
    const before = await snapshot(t.db);
    const mailBefore = t.mail.length;
    expectError(await subscribe(victim, caller), 429, 'rate_limited');
    await expectUnchanged(t.db, before);
    await mailSettled();
    expect(t.mail.length).toBe(mailBefore);
  });

  it(`[NL-05] one address is mailed at most ${limits.subscribePerAddress.max} links a day, from any caller address, confirmed or not alike (then 429)`, async () => {
    for (const state of ['waiting', 'confirmed'] as const) {
      const inbox = newAddress(`inbox-${state}`);
      if (state === 'confirmed') {
        await subscribe(inbox);
        await confirm(linkIn((await mailTo(inbox))[0]?.text));
      }
      const used = state === 'confirmed' ? 1 : 0;
      for (let i = used; i < limits.subscribePerAddress.max; i++)
        expect((await subscribe(i % 2 ? inbox : inbox.toUpperCase())).statusCode).toBe(200);
      const before = await snapshot(t.db);
      const mailBefore = (await mailTo(inbox)).length;
      expectError(await subscribe(` ${inbox} `), 429, 'rate_limited');
      await expectUnchanged(t.db, before);
      expect(await mailTo(inbox)).toHaveLength(mailBefore);
      expect(mailBefore).toBeLessThanOrEqual(limits.subscribePerAddress.max);
    }
  });

  it(`[NL-06] guessing confirmation tokens from one address is stopped after ${limits.confirmPerIp.max} tries`, async () => {
    const caller = newCaller();
    const email = newAddress('guessed');
    await subscribe(email);
    const token = linkIn((await mailTo(email))[0]?.text);
    for (let i = 0; i < limits.confirmPerIp.max; i++)
      expectError(await confirm(`guess${String(i).padStart(38, '0')}`, caller), 400, 'invalid');
    const before = await snapshot(t.db);
    expectError(await confirm(token, caller), 429, 'rate_limited');
    await expectUnchanged(t.db, before);
    expect((await rowOf(email))?.confirmedAt).toBeNull();
  });
});
