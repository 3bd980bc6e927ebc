// The committed vehicle list (vehicles.json, written by build-vehicle-list.mjs from NHTSA vPIC) is
// what the seed loads: its shape, its years and the demo's cars are checked here, from the file
// alone, so CI never needs the vPIC database.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const file = join(import.meta.dirname, 'vehicles.json');

// The makes the script keeps; a row of any other make means the file is not its output.
const makes: string[] = JSON.parse(
  readFileSync(join(import.meta.dirname, 'workshop-makes.json'), 'utf8'),
);

const firstYear = 1995;
const thisYear = new Date().getUTCFullYear();
const year = z.number().int().min(firstYear).max(thisYear);
const vehicle = z.strictObject({
  make: z.enum(makes as [string, ...string[]]),
  model: z.string().trim().min(1).max(60),
  yearFrom: year,
  yearTo: year,
  // "1.8L 4-cyl 2ZR-FE", "2.0L 4-cyl", "1.5L", "Electric", or null where vPIC ties no engine.
  variant: z
    .string()
    .regex(/^(\d+\.\dL( \d{1,2}-cyl)?( [A-Z0-9][A-Z0-9-]{1,11})?|Electric)$/)
    .nullable(),
});
type Vehicle = z.infer<typeof vehicle>;

const vehicles: Vehicle[] = JSON.parse(readFileSync(file, 'utf8'));
const built = (make: string, model: string, inYear: number) =>
  vehicles.filter(
    (v) => v.make === make && v.model === model && v.yearFrom <= inYear && inYear <= v.yearTo,
  );

describe('the vehicle list', () => {
  it('has rows of make, model, years and variant, makes from the chosen list', () => {
    const result = z.array(vehicle).safeParse(vehicles);
    expect(result.success, result.error && z.prettifyError(result.error)).toBe(true);
  });

  it('is a list of makes, models and year ranges of a sensible size', () => {
    expect(vehicles.length).toBeGreaterThan(1000);
    expect(statSync(file).size).toBeLessThan(2_000_000);
    expect(new Set(vehicles.map((v) => v.make)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(vehicles.map((v) => `${v.make}/${v.model}`)).size).toBeGreaterThan(300);
  });

  it('has each year range from <= to (both within 1995..this year, checked above)', () => {
    for (const v of vehicles) expect(v.yearFrom, JSON.stringify(v)).toBeLessThanOrEqual(v.yearTo);
  });

  it('has no duplicate and no overlapping rows for one make, model and variant', () => {
    const byVariant = new Map<string, Vehicle[]>();
    for (const v of vehicles) {
      const key = `${v.make}/${v.model}/${v.variant}`;
      byVariant.set(key, [...(byVariant.get(key) ?? []), v]);
    }
    for (const [key, rows] of byVariant) {
      const sorted = rows.toSorted((a, b) => a.yearFrom - b.yearFrom);
      // Runs of years are merged by the script: the next row starts after a gap.
      sorted.slice(1).forEach((next, i) => {
        expect(next.yearFrom, key).toBeGreaterThan((sorted[i]?.yearTo ?? 0) + 1);
      });
    }
  });

  it('gives a model-year either engines or a null variant, not both', () => {
    for (const v of vehicles.filter((row) => row.variant === null)) {
      for (let y = v.yearFrom; y <= v.yearTo; y++) {
        const engines = built(v.make, v.model, y).filter((row) => row.variant !== null);
        expect(engines, `${v.make} ${v.model} ${y}`).toEqual([]);
      }
    }
  });

  it.each([
    ['Toyota', 'Corolla', 2015],
    ['Ford', 'Focus', 2012],
    ['Volkswagen', 'Golf', 2018],
    ['Honda', 'Civic', 2016],
  ])('has the demo car %s %s %i', (make, model, inYear) => {
    expect(built(make, model, inYear).length).toBeGreaterThan(0);
  });

  it('knows the engines vPIC ties to the demo cars', () => {
    const engines = (make: string, model: string, inYear: number) =>
      built(make, model, inYear).map((v) => v.variant);
    expect(engines('Toyota', 'Corolla', 2015)).toContain('1.8L 4-cyl 2ZR-FE');
    expect(engines('Ford', 'Focus', 2012)).toContain('2.0L 4-cyl');
    expect(engines('Honda', 'Civic', 2016)).toContain('2.0L 4-cyl K20C2');
  });
});
