// Issue 32 #5: a company's fleet. Members add vehicles by VIN (decoded offline; a bad VIN is a
// clear 400), name them, note their mileage and remove them; a cart line may name the vehicle a
// part is for, the order line keeps it, and each vehicle's history lists every part ordered for
// it. "Fits my fleet" searches by the fleet's vehicles of the list. Another company's vehicles do
// not exist for anyone else (404), whatever the call.
import {
  cartLineChange,
  cartReply,
  company,
  fleetHistory,
  fleetMessages,
  fleetVehicle,
  fleetVehicleList,
  order,
  searchReply,
} from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyCalls, companyCalls, dock } from '../../../test/companies.ts';
import { type Customer, signUp } from '../../../test/customers.ts';
import { expectUnchanged, snapshot } from '../../../test/security/snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  type TestApp,
} from '../../../test/security/support.ts';
import { loadReferenceData } from '../../db/seed/reference.ts';
import { fitments } from '../vehicles/vehicles.table.ts';

const COROLLA_VIN = '2T1BURHE9FC123456';
const CIVIC_VIN = '2HGFC2F5XGH123456';

let t: TestApp;
let calls: CompanyCalls;
let owner: Customer;
let buyer: Customer;
let rival: Customer;
let loner: Customer;
let pads: string;

const ok: CompanyCalls['ok'] = (...args) => calls.ok(...args);
const call: CompanyCalls['call'] = (...args) => calls.call(...args);
const addVehicle = async (who: Customer, body: object) =>
  fleetVehicle.parse(await ok(who, 'POST', '/api/company/vehicles', body, 201));

beforeAll(async () => {
  t = await createSecurityTestApp();
  calls = companyCalls(t);
  await loadReferenceData(t.db);
  [owner, buyer, rival, loner] = [
    await signUp(t.app, 'owner'),
    await signUp(t.app, 'buyer'),
    await signUp(t.app, 'rival'),
    await signUp(t.app, 'loner'),
  ];
  pads = await addPart(t, { name: 'Brake Pad Set', minimumQuantity: 10, priceCents: 425 });
  await ok(owner, 'POST', '/api/addresses', dock, 201);
  await calls.createCompany(owner, 'Acme Fleet Ltd');
  await ok(buyer, 'POST', '/api/company/invitations/accept', {
    token: await calls.invite(owner, buyer, 'buyer', null),
  });
  await calls.createCompany(rival, 'Rival Vans Ltd');
});
afterAll(() => t.close());

describe("a company's fleet", () => {
  let van: string;
  let orderId: string;

  it('adds a vehicle by its VIN, decoded, and lists it for every member', async () => {
    const added = await addVehicle(buyer, {
      vin: ` ${COROLLA_VIN.toLowerCase()} `,
      plate: 'DHA-1234',
      name: '',
      mileageKm: 120500,
    });
    van = added._id;
    expect(added).toMatchObject({
      vin: COROLLA_VIN,
      year: 2015,
      make: 'Toyota',
      model: 'Corolla',
      engine: '1.8L 4-cyl 2ZR-FE',
      plate: 'DHA-1234',
      name: null,
      label: '2015 Toyota Corolla (DHA-1234)',
      mileageKm: 120500,
    });
    expect(added.vehicleId).not.toBeNull();
    const listed = fleetVehicleList.parse(await ok(owner, 'GET', '/api/company/vehicles'));
    expect(listed.map((v) => v._id)).toEqual([van]);

    const renamed = fleetVehicle.parse(
      await ok(owner, 'PUT', `/api/company/vehicles/${van}`, { name: 'Van 7', mileageKm: 121000 }),
    );
    expect(renamed).toMatchObject({ label: 'Van 7 (DHA-1234)', mileageKm: 121000 });
    expect(fleetVehicle.parse(await ok(buyer, 'GET', `/api/company/vehicles/${van}`)).plate).toBe(
      'DHA-1234',
    );
  });

  it('refuses a bad VIN, an unknown one and the same VIN twice, with words for people', async () => {
    const before = await snapshot(t.db);
    const badCheck = await call(buyer, 'POST', '/api/company/vehicles', {
      vin: '2T1BURHE5FC123456',
    });
    expectError(badCheck, 400);
    expect(badCheck.json().error.message).toMatch(/check digit/);
    expectError(await call(buyer, 'POST', '/api/company/vehicles', { vin: 'not-a-vin' }), 400);
    const unknown = await call(buyer, 'POST', '/api/company/vehicles', {
      vin: 'WVWZZZ1KZAW000000',
    });
    expectError(unknown, 400);
    expect(unknown.json().error.message).toMatch(/No vehicle is known for this VIN/);
    const twice = await call(owner, 'POST', '/api/company/vehicles', { vin: COROLLA_VIN });
    expectError(twice, 409);
    expect(twice.json().error.message).toBe(fleetMessages.taken);
    expectError(
      await call(owner, 'POST', '/api/company/vehicles', { vin: CIVIC_VIN, mileageKm: -1 }),
      400,
    );
    await expectUnchanged(t.db, before);
  });

  it("keeps another company's vehicles out of reach (404), and customers without one out (404)", async () => {
    const theirs = await addVehicle(rival, { vin: COROLLA_VIN, name: 'Rival van' });
    const before = await snapshot(t.db);
    for (const [method, url, payload] of [
      ['GET', `/api/company/vehicles/${theirs._id}`, undefined],
      ['PUT', `/api/company/vehicles/${theirs._id}`, { name: 'Mine now' }],
      ['DELETE', `/api/company/vehicles/${theirs._id}`, undefined],
      ['GET', `/api/company/vehicles/${theirs._id}/history`, undefined],
    ] as const)
      expectError(await call(buyer, method, url, payload), 404);
    // Naming it on a cart line is refused the same way.
    expectError(
      await call(buyer, 'PUT', `/api/cart/lines/${pads}`, { quantity: 10, vehicleId: theirs._id }),
      404,
    );
    expectError(await call(loner, 'GET', '/api/company/vehicles'), 404);
    expectError(await call(null, 'GET', '/api/company/vehicles'), 401);
    expect(
      fleetVehicleList.parse(await ok(buyer, 'GET', '/api/company/vehicles')).map((v) => v.label),
    ).not.toContain('Rival van');
    await expectUnchanged(t.db, before);
  });

  it('names the vehicle on a cart line, keeps it on the order line, and lists it in the history', async () => {
    await call(buyer, 'DELETE', '/api/cart');
    const change = cartLineChange.parse(
      await ok(buyer, 'PUT', `/api/cart/lines/${pads}`, { quantity: 20, vehicleId: van }),
    );
    expect(change.line.vehicle).toEqual({ id: van, label: 'Van 7 (DHA-1234)' });
    // A quantity change alone keeps the vehicle; the cart says which it is.
    await ok(buyer, 'PUT', `/api/cart/lines/${pads}`, { quantity: 30 });
    const cart = cartReply.parse(await ok(buyer, 'GET', '/api/cart'));
    expect(cart.lines[0]?.vehicle).toEqual({ id: van, label: 'Van 7 (DHA-1234)' });

    const placed = await ok(
      buyer,
      'POST',
      '/api/checkout',
      { address: dock, tel: '0113 496 0000' },
      201,
    );
    const ordered = order.parse(placed.order);
    orderId = ordered._id;
    expect(ordered.lines[0]?.vehicle).toEqual({ id: van, label: 'Van 7 (DHA-1234)' });

    const res = await call(owner, 'GET', `/api/company/vehicles/${van}/history`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(fleetHistory.parse(res.json())).toEqual([
      {
        orderId: ordered._id,
        orderNumber: ordered.number,
        date: ordered.createdAt,
        partId: pads,
        partNumber: expect.any(String),
        name: 'Brake Pad Set',
        quantity: 30,
      },
    ]);

    // null takes the line off the vehicle.
    const off = cartLineChange.parse(
      await ok(buyer, 'PUT', `/api/cart/lines/${pads}`, { quantity: 10, vehicleId: null }),
    );
    expect(off.line.vehicle).toBeUndefined();
  });

  it('searches the parts that fit the fleet by its vehicles of the list', async () => {
    const civic = await addVehicle(owner, { vin: CIVIC_VIN });
    const fleet = fleetVehicleList.parse(await ok(owner, 'GET', '/api/company/vehicles'));
    const ids = fleet.flatMap((v) => (v.vehicleId ? [v.vehicleId] : []));
    expect(ids).toContain(civic.vehicleId);
    const civicPart = await addPart(t, { name: 'Civic cabin filter', partNumber: 'FLT-CIVIC' });
    const corollaPart = await addPart(t, { name: 'Corolla wiper', partNumber: 'WIP-COROLLA' });
    await addPart(t, { name: 'Truck mirror', partNumber: 'MIR-TRUCK' });
    const corolla = fleet.find((v) => v.make === 'Toyota')?.vehicleId ?? '';
    await t.db.insert(fitments).values([
      { partId: civicPart, vehicleId: civic.vehicleId ?? '' },
      { partId: corollaPart, vehicleId: corolla },
    ]);
    const res = await t.app.inject(`/api/search?vehicle=${ids.join(',')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      searchReply
        .parse(res.json())
        .items.map((p) => p.name)
        .sort(),
    ).toEqual(['Civic cabin filter', 'Corolla wiper']);
    expectError(await t.app.inject(`/api/search?vehicle=${ids.join(',')},nope`), 400);
  });

  it('stops naming a vehicle on the lines of someone who left the company', async () => {
    const leaver = await signUp(t.app, 'leaver');
    await ok(leaver, 'POST', '/api/company/invitations/accept', {
      token: await calls.invite(owner, leaver, 'buyer', null),
    });
    const civic = fleetVehicleList
      .parse(await ok(leaver, 'GET', '/api/company/vehicles'))
      .find((v) => v.make === 'Honda');
    await ok(leaver, 'PUT', `/api/cart/lines/${pads}`, { quantity: 10, vehicleId: civic?._id });
    const me = company
      .parse(await ok(leaver, 'GET', '/api/company'))
      .members.find((member) => member.email === leaver.email);
    expect((await call(leaver, 'DELETE', `/api/company/members/${me?.userId}`)).statusCode).toBe(
      200,
    );
    const cart = cartReply.parse(await ok(leaver, 'GET', '/api/cart'));
    expect(cart.lines[0]?.vehicle).toBeUndefined();
    const placed = await ok(
      leaver,
      'POST',
      '/api/checkout',
      {
        address: {
          line1: '2 Home Lane',
          city: 'Leeds',
          postalCode: 'LS2 2BB',
          country: 'United Kingdom',
        },
        tel: '0113 496 0001',
      },
      201,
    );
    expect(order.parse(placed.order).lines[0]?.vehicle).toBeUndefined();
  });

  it('removes a vehicle: its orders keep what it was called', async () => {
    expect((await call(owner, 'DELETE', `/api/company/vehicles/${van}`)).statusCode).toBe(204);
    expectError(await call(owner, 'GET', `/api/company/vehicles/${van}`), 404);
    const kept = order.parse(await ok(buyer, 'GET', `/api/orderid/${orderId}`));
    expect(kept.lines[0]?.vehicle).toEqual({ id: null, label: 'Van 7 (DHA-1234)' });
  });
});
