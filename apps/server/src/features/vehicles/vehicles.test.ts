// Issue 16 #2, the vehicle picker's cascading choices over the shop's vehicle list (NHTSA vPIC):
// year → make → model → engine, each a list of `{ id?, name }`, public.
import { ANY_ENGINE, vehicleChoices } from '@axle/contract';
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
