import { randomBytes } from 'node:crypto';
import { part, partList, reviewList } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caughtUp, nextChange } from '../../../test/changes.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { versionOf } from '../../../test/parts.ts';
import {
  drainAfterEachCall,
  openTestDatabase,
  rememberMailbox,
  TEST_PUBLIC_URL,
  testDatabaseKind,
} from '../../../test/test-app.ts';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { type App, buildApp } from '../../app.ts';
import { type Database, openPostgresDatabase } from '../../db/client.ts';
import { demoParts } from '../../db/seed/demo-catalogue.ts';
import { seedDemo } from '../../db/seed/index.ts';

// Two instances of the shop on one PostgreSQL, each with its own connections and cache. Their
// clocks stand still, so a cached reply never expires by itself: what one instance changes shows
// on the other only because the other honours the database's change notification.
describe.skipIf(testDatabaseKind !== 'postgres')('two instances on one PostgreSQL', () => {
  const clock = Date.now();
  let shared: Awaited<ReturnType<typeof openTestDatabase>>;
  let otherConnection: Database;
  let one: App;
  let other: App;
  let admin: Customer;
  let customer: Customer;
  const brakePads = demoParts[0]?.id ?? '';

  const build = (database: Database) =>
    buildApp({
      database,
      accessKey,
      publicUrl: TEST_PUBLIC_URL,
      mailer: { send: async (message) => void mail.push(message) },
      now: () => new Date(clock),
    });
  const accessKey = randomBytes(32);
  const mail: MailMessage[] = [];
  const brakePadsOn = async (app: App) => {
    const listed = partList
      .parse((await app.inject({ url: '/api/items' })).json())
      .find((item) => item._id === brakePads);
    const alone = part.parse((await app.inject({ url: `/api/item/${brakePads}` })).json());
    return { listed, alone };
  };

  beforeAll(async () => {
    shared = await openTestDatabase();
    otherConnection = openPostgresDatabase(shared.url ?? '', { max: 2 });
    one = await build(shared);
    drainAfterEachCall(one);
    rememberMailbox(one, mail);
    other = await build(otherConnection);
    drainAfterEachCall(other);
    await seedDemo(shared.db);
    admin = await signInAdmin(one, shared.db);
    customer = await signUp(one, 'two-instances');
  });
  afterAll(async () => {
    await one?.close();
    await other?.close();
    await otherConnection?.close();
    await shared?.dispose();
  });

  it("serves an admin's price change made on one instance from the other", async () => {
    await caughtUp(otherConnection);
    const before = await brakePadsOn(other);
    expect([before.listed?.price, before.alone.price]).toEqual([18.5, 18.5]);

    const heard = await nextChange(otherConnection, 'parts');
    const edit = await one.inject({
      method: 'PUT',
      url: `/api/item/${brakePads}`,
      headers: { ...admin.headers, 'if-match': await versionOf(one, brakePads) },
      payload: {
        name: demoParts[0]?.name,
        description: demoParts[0]?.description,
        img: demoParts[0]?.img,
        availableQuantity: 2400,
        minimumQuantity: 100,
        price: 16.75,
      },
    });
    expect(edit.statusCode).toBe(200);
    await heard();
    const after = await brakePadsOn(other);
    expect([after.listed?.price, after.alone.price]).toEqual([16.75, 16.75]);
  });

  it('shows on the other instance the stock an order took on one', async () => {
    await caughtUp(otherConnection);
    const before = await brakePadsOn(other);
    const heard = await nextChange(otherConnection, 'parts');
    const placed = await one.inject({
      method: 'POST',
      url: '/api/order',
      headers: customer.headers,
      payload: {
        partsId: brakePads,
        quantity: 200,
        tel: '01712345678',
        country: 'Bangladesh',
        city: 'Dhaka',
        address: '3 Kemal Ataturk Ave',
      },
    });
    expect(placed.statusCode).toBe(201);
    await heard();
    const after = await brakePadsOn(other);
    const stock = before.alone.availableQuantity - 200;
    expect([after.listed?.availableQuantity, after.alone.availableQuantity]).toEqual([
      stock,
      stock,
    ]);
  });

  it('lists on one instance a review posted on the other', async () => {
    await caughtUp(shared);
    const before = reviewList.parse((await one.inject({ url: '/api/reviews' })).json());
    const heard = await nextChange(shared, 'reviews');
    const posted = await other.inject({
      method: 'POST',
      url: '/api/review',
      headers: customer.headers,
      payload: { rating: 5, comment: 'Posted on the other instance' },
    });
    expect(posted.statusCode).toBe(201);
    await heard();
    const after = reviewList.parse((await one.inject({ url: '/api/reviews' })).json());
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]?.comment).toBe('Posted on the other instance');
  });
});
