// Issue 16 #3, My garage: a customer's vehicles of the list, one of them current, each garage
// reachable by its own customer only.
import { GARAGE_VEHICLES_MAX, type GarageList, garageList, vehicleChoices } from '@axle/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../../../test/customers.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { loadVehicles } from '../../db/seed/vehicles/load.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
/** The 2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE of the list, and a Honda Civic. */
let corolla: string;
let civic: string;

async function engineId(year: number, make: string, model: string, engine?: string) {
  const res = await t.app.inject(
    `/api/vehicles/engines?year=${year}&make=${encodeURIComponent(make)}&model=${encodeURIComponent(model)}`,
  );
  const choices = vehicleChoices.parse(res.json());
  const choice = engine ? choices.find((c) => c.name === engine) : choices[0];
  if (!choice?.id) throw new Error(`no ${year} ${make} ${model} ${engine ?? ''} in the list`);
  return choice.id;
}

beforeAll(async () => {
  t = await createTestApp();
  await loadVehicles(t.db);
  corolla = await engineId(2015, 'Toyota', 'Corolla', '1.8L 4-cyl 2ZR-FE');
  civic = await engineId(2016, 'Honda', 'Civic');
});
afterAll(() => t.close());

const call = (
  who: Customer | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  });

async function garageOf(who: Customer): Promise<GarageList> {
  const res = await call(who, 'GET', '/api/garage');
  expect(res.statusCode, res.body).toBe(200);
  return garageList.parse(res.json());
}
const add = (who: Customer, vehicleId: string, year: number, current?: boolean) =>
  call(who, 'POST', '/api/garage', {
    vehicleId,
    year,
    ...(current === undefined ? {} : { current }),
  });
const currentOf = (list: GarageList) => list.filter((vehicle) => vehicle.current);

describe('My garage', () => {
  it('needs a token for every call, checked before the input', async () => {
    for (const [method, url] of [
      ['GET', '/api/garage'],
      ['POST', '/api/garage'],
      ['PUT', '/api/garage/current'],
      ['DELETE', '/api/garage/current'],
      ['DELETE', `/api/garage/${corolla}/2015`],
    ] as const) {
      const res = await call(null, method, url, method === 'GET' ? undefined : { nonsense: 1 });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('starts empty, and the first vehicle added is the current one, named in full', async () => {
    const ann = await signUp(t.app, 'ann');
    expect(await garageOf(ann)).toEqual([]);
    const res = await add(ann, corolla, 2015);
    expect(res.statusCode, res.body).toBe(201);
    expect(garageList.parse(res.json())).toEqual([
      {
        vehicleId: corolla,
        year: 2015,
        make: 'Toyota',
        model: 'Corolla',
        variant: '1.8L 4-cyl 2ZR-FE',
        name: '2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE',
        current: true,
      },
    ]);
    expect(await garageOf(ann)).toEqual(res.json());
  });

  it('keeps one current vehicle: the current first, then the newest', async () => {
    const ben = await signUp(t.app, 'ben');
    await add(ben, corolla, 2015);
    const second = await add(ben, civic, 2016);
    expect(second.statusCode).toBe(201);
    let list = garageList.parse(second.json());
    expect(list.map((v) => [v.vehicleId, v.current])).toEqual([
      [corolla, true],
      [civic, false],
    ]);

    // Added as current: the Corolla stops being current.
    list = garageList.parse((await add(ben, corolla, 2016, true)).json());
    expect(list.map((v) => [v.vehicleId, v.year, v.current])).toEqual([
      [corolla, 2016, true],
      [civic, 2016, false],
      [corolla, 2015, false],
    ]);
    expect(list[0]?.name).toBe('2016 Toyota Corolla 1.8L 4-cyl 2ZR-FE');
    expect(currentOf(list)).toHaveLength(1);

    // Made current: the Civic, alone.
    const made = await call(ben, 'PUT', '/api/garage/current', { vehicleId: civic, year: 2016 });
    expect(made.statusCode, made.body).toBe(200);
    list = garageList.parse(made.json());
    expect(currentOf(list).map((v) => [v.vehicleId, v.year])).toEqual([[civic, 2016]]);
    expect(list[0]).toMatchObject({ vehicleId: civic, current: true });
    expect(await garageOf(ben)).toEqual(list);
  });

  it('clears the current vehicle, and the shop has none until one is made current again', async () => {
    const cat = await signUp(t.app, 'cat');
    await add(cat, corolla, 2015);
    await add(cat, civic, 2016);
    const cleared = await call(cat, 'DELETE', '/api/garage/current');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(currentOf(garageList.parse(cleared.json()))).toEqual([]);
    expect(await garageOf(cat)).toHaveLength(2);
    // Clearing again is no error; adding another does not make it current.
    expect((await call(cat, 'DELETE', '/api/garage/current')).statusCode).toBe(200);
    await add(cat, corolla, 2014);
    expect(currentOf(await garageOf(cat))).toEqual([]);
    await call(cat, 'PUT', '/api/garage/current', { vehicleId: corolla, year: 2014 });
    expect(currentOf(await garageOf(cat)).map((v) => v.year)).toEqual([2014]);
  });

  it('adds the same vehicle and year once: again is no error, and makes it current when asked', async () => {
    const dan = await signUp(t.app, 'dan');
    await add(dan, corolla, 2015);
    await add(dan, civic, 2016);
    const again = await add(dan, civic, 2016);
    expect(again.statusCode, again.body).toBe(200);
    expect(garageList.parse(again.json())).toHaveLength(2);
    expect(currentOf(garageList.parse(again.json()))[0]?.vehicleId).toBe(corolla);
    const asCurrent = await add(dan, civic, 2016, true);
    expect(asCurrent.statusCode).toBe(200);
    const list = garageList.parse(asCurrent.json());
    expect(list).toHaveLength(2);
    expect(currentOf(list).map((v) => v.vehicleId)).toEqual([civic]);
  });

  it('removes a vehicle, and answers 404 for one that is not in the garage', async () => {
    const eve = await signUp(t.app, 'eve');
    await add(eve, corolla, 2015);
    await add(eve, civic, 2016);
    const removed = await call(eve, 'DELETE', `/api/garage/${corolla}/2015`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(garageList.parse(removed.json()).map((v) => v.vehicleId)).toEqual([civic]);
    // The current vehicle went: none is current.
    expect(currentOf(await garageOf(eve))).toEqual([]);

    const twice = await call(eve, 'DELETE', `/api/garage/${corolla}/2015`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error.message).toBe('This vehicle is not in your garage');
    const otherYear = await call(eve, 'DELETE', `/api/garage/${civic}/2017`);
    expect(otherYear.statusCode).toBe(404);
    const notThere = await call(eve, 'PUT', '/api/garage/current', {
      vehicleId: corolla,
      year: 2015,
    });
    expect(notThere.statusCode).toBe(404);
    expect(await garageOf(eve)).toHaveLength(1);
  });

  it('refuses a year outside the vehicle’s range with a 400 that names the range', async () => {
    const fay = await signUp(t.app, 'fay');
    const [row] = await t.db.select().from(vehicles).where(eq(vehicles.id, corolla));
    if (!row) throw new Error('no Corolla');
    for (const year of [row.yearFrom - 1, row.yearTo + 1]) {
      const res = await add(fay, corolla, year);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(
        `The Toyota Corolla 1.8L 4-cyl 2ZR-FE is listed for the model years ${row.yearFrom} to ${row.yearTo}: ${year} is not one of them`,
      );
    }
    expect(await garageOf(fay)).toEqual([]);
  });

  it('refuses a vehicle the list does not hold, and a malformed body, with a 400', async () => {
    const gus = await signUp(t.app, 'gus');
    const unknown = await add(gus, '00000000-0000-4000-8000-000000000000', 2015);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/No vehicle of the list has this id/);
    for (const body of [
      { vehicleId: 'not-a-uuid', year: 2015 },
      { vehicleId: corolla, year: 2015.5 },
      { vehicleId: corolla, year: '2015' },
      { vehicleId: corolla },
      { vehicleId: corolla, year: 2015, userId: corolla },
    ]) {
      const res = await call(gus, 'POST', '/api/garage', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    expect((await call(gus, 'DELETE', '/api/garage/not-a-uuid/2015')).statusCode).toBe(400);
    expect((await call(gus, 'DELETE', `/api/garage/${corolla}/soon`)).statusCode).toBe(400);
    expect(await garageOf(gus)).toEqual([]);
  });

  it(`holds at most ${GARAGE_VEHICLES_MAX} vehicles: one more is a 409 that says so`, async () => {
    const hal = await signUp(t.app, 'hal');
    const rows = await t.db
      .select({ id: vehicles.id, year: vehicles.yearFrom })
      .from(vehicles)
      .orderBy(asc(vehicles.id))
      .limit(GARAGE_VEHICLES_MAX + 1);
    for (const row of rows.slice(0, GARAGE_VEHICLES_MAX)) {
      const res = await add(hal, row.id, row.year);
      expect(res.statusCode, res.body).toBe(201);
    }
    const extra = rows[GARAGE_VEHICLES_MAX];
    if (!extra) throw new Error('the list is too short');
    const refused = await add(hal, extra.id, extra.year);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `Your garage holds at most ${GARAGE_VEHICLES_MAX} vehicles: remove one before adding another`,
    );
    // One already there may still be added again (nothing new) or made current.
    const first = rows[0];
    if (!first) throw new Error('no vehicles');
    expect((await add(hal, first.id, first.year, true)).statusCode).toBe(200);
    expect(await garageOf(hal)).toHaveLength(GARAGE_VEHICLES_MAX);
  });

  it('adds at once, in parallel, without a second current vehicle', async () => {
    const ida = await signUp(t.app, 'ida');
    const results = await Promise.all(
      [2014, 2015, 2016, 2017].map((year) => add(ida, corolla, year, true)),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const list = await garageOf(ida);
    expect(list).toHaveLength(4);
    expect(currentOf(list)).toHaveLength(1);
  });
});

describe('a garage is its customer’s alone', () => {
  let alice: Customer;
  let mallory: Customer;
  let alicesGarage: GarageList;

  beforeAll(async () => {
    alice = await signUp(t.app, 'alice');
    mallory = await signUp(t.app, 'mallory');
    await add(alice, corolla, 2015);
    await add(alice, civic, 2016);
    alicesGarage = await garageOf(alice);
  });

  it('another customer sees only their own (empty) garage', async () => {
    expect(await garageOf(mallory)).toEqual([]);
  });

  it('another customer cannot remove, make current or clear a vehicle of hers', async () => {
    const removed = await call(mallory, 'DELETE', `/api/garage/${corolla}/2015`);
    expect(removed.statusCode).toBe(404);
    const made = await call(mallory, 'PUT', '/api/garage/current', {
      vehicleId: civic,
      year: 2016,
    });
    expect(made.statusCode).toBe(404);
    expect((await call(mallory, 'DELETE', '/api/garage/current')).statusCode).toBe(200);
    expect(await garageOf(alice)).toEqual(alicesGarage);
  });

  it('the same vehicle in two garages is two rows: each acts on its own', async () => {
    const added = await add(mallory, corolla, 2015, true);
    expect(added.statusCode).toBe(201);
    expect((await call(mallory, 'DELETE', '/api/garage/current')).statusCode).toBe(200);
    expect((await call(mallory, 'DELETE', `/api/garage/${corolla}/2015`)).statusCode).toBe(200);
    expect(await garageOf(mallory)).toEqual([]);
    expect(await garageOf(alice)).toEqual(alicesGarage);
    expect(currentOf(alicesGarage).map((v) => v.vehicleId)).toEqual([corolla]);
  });
});
