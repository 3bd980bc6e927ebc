// Issue 16 #2, the vehicle picker's cascading choices over the shop's vehicle list (NHTSA vPIC):
// year → make → model → engine, each a list of `{ id?, name }`, public.
import { ANY_ENGINE, vehicleChoices, vinDecoded } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { loadVehicleList, loadVehicles } from '../../db/seed/vehicles/load.ts';
import vehicleList from '../../db/seed/vehicles/vehicles.json' with { type: 'json' };

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
  expect(await loadVehicles(t.db)).toBe(vehicleList.length);
});
afterAll(() => t.close());

async function choices(url: string) {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return vehicleChoices.parse(res.json());
}
const names = (list: { name: string }[]) => list.map((choice) => choice.name);

describe('the vehicle picker', () => {
  it('offers the model years of the list, newest first, from 1995', async () => {
    const years = names(await choices('/api/vehicles/years')).map(Number);
    expect(years.at(-1)).toBe(1995);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(years).toContain(2015);
    expect(new Set(years).size).toBe(years.length);
  });

  it('narrows year → make → model → engine, each engine naming its vehicle', async () => {
    const makes = names(await choices('/api/vehicles/makes?year=2015'));
    expect(makes).toEqual(expect.arrayContaining(['Ford', 'Honda', 'Toyota', 'Volkswagen']));
    expect(makes).toEqual([...makes].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    const models = names(await choices('/api/vehicles/models?year=2015&make=Toyota'));
    expect(models).toContain('Corolla');
    expect(models).not.toContain('Civic');
    const engines = await choices('/api/vehicles/engines?year=2015&make=Toyota&model=Corolla');
    expect(names(engines)).toContain('1.8L 4-cyl 2ZR-FE');
    const expected = vehicleList.filter(
      (row) =>
        row.make === 'Toyota' &&
        row.model === 'Corolla' &&
        row.yearFrom <= 2015 &&
        row.yearTo >= 2015,
    );
    expect(engines).toHaveLength(expected.length);
    for (const engine of engines) expect(engine.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('matches makes and models in any case, and offers "All engines" where the list names none', async () => {
    const golf = await choices('/api/vehicles/engines?year=2018&make=volkswagen&model=GOLF');
    expect(names(golf)).toEqual([ANY_ENGINE]);
    expect(names(await choices('/api/vehicles/models?year=2012&make=ford'))).toContain('Focus');
  });

  it('answers an empty list for what the list does not hold', async () => {
    expect(await choices('/api/vehicles/makes?year=1990')).toEqual([]);
    expect(await choices('/api/vehicles/models?year=2015&make=Peugeot')).toEqual([]);
    expect(
      await choices('/api/vehicles/engines?year=1996&make=Honda&model=Civic%20Type%20Z'),
    ).toEqual([]);
  });

  it.each([
    '/api/vehicles/makes',
    '/api/vehicles/makes?year=abc',
    '/api/vehicles/makes?year=2015.5',
    '/api/vehicles/makes?year=1800',
    '/api/vehicles/models?year=2015',
    '/api/vehicles/models?year=2015&make=',
    `/api/vehicles/models?year=2015&make=${'x'.repeat(61)}`,
    '/api/vehicles/engines?year=2015&make=Toyota',
    '/api/vehicles/makes?year=2015&colour=red',
  ])('refuses %s with a clear 400', async (url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: expect.any(String) } });
  });

  it('loads the list into an empty table only, so vehicles keep their ids', async () => {
    const [before] = await choices('/api/vehicles/engines?year=2015&make=Toyota&model=Corolla');
    expect(await loadVehicles(t.db)).toBe(0);
    expect(
      await loadVehicleList(t.db, [
        { make: 'X', model: 'Y', yearFrom: 2000, yearTo: 2001, variant: null },
      ]),
    ).toBe(0);
    const [after] = await choices('/api/vehicles/engines?year=2015&make=Toyota&model=Corolla');
    expect(after).toEqual(before);
  });
});

describe('a VIN', () => {
  async function lookUp(vin: string) {
    return t.app.inject(`/api/vehicles/vin/${encodeURIComponent(vin)}`);
  }

  it('decodes to its year, make, model and engine, and to the vehicle of the list it is', async () => {
    const res = await lookUp('2T1BURHE9FC123456');
    expect(res.statusCode, res.body).toBe(200);
    const found = vinDecoded.parse(res.json());
    expect(found).toMatchObject({
      vin: '2T1BURHE9FC123456',
      year: 2015,
      make: 'Toyota',
      model: 'Corolla',
      engine: '1.8L 4-cyl 2ZR-FE',
    });
    const engines = await choices('/api/vehicles/engines?year=2015&make=Toyota&model=Corolla');
    expect(found.engines).toEqual(engines);
    expect(found.vehicle?.name).toBe('1.8L 4-cyl 2ZR-FE');
    expect(engines.map((engine) => engine.id)).toContain(found.vehicle?.id);
  });

  it('is read in any case and with spaces around it', async () => {
    const res = await lookUp(' 2hgfc2f5xgh123456 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ year: 2016, make: 'Honda', model: 'Civic' });
  });

  it('refuses a wrong check digit with a 400 that names the right one', async () => {
    const res = await lookUp('2T1BURHE5FC123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/check digit .* should be 9/);
  });

  it.each([
    ['too short', '2T1BURHE9FC12345'],
    ['an O', '2T1BURHE9FCO23456'],
    ['garbage', 'not-a-vin-at-all!'],
  ])('refuses a malformed VIN (%s) with a 400', async (_, vin) => {
    const res = await lookUp(vin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/a VIN is 17 letters and digits/);
  });

  it('answers 404 for a well-formed VIN no vehicle is known for', async () => {
    const res = await lookUp('WVWZZZ1KZAW000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/No vehicle is known for this VIN/);
  });

  it('is limited per caller: a decoder is not there to be scraped', async () => {
    let refused: Awaited<ReturnType<typeof lookUp>> | undefined;
    for (let call = 0; call < 40 && !refused; call += 1) {
      const res = await lookUp('2T1BURHE5FC123456');
      if (res.statusCode === 429) refused = res;
    }
    expect(refused?.json().error.message).toMatch(/Too many VIN lookups/);
    expect(refused?.headers['retry-after']).toBeDefined();
  });
});
