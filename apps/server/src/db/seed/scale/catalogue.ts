// The catalogue's fields of a generated part (issue 16 #8): its brand's part number, category,
// weight, attributes, OE numbers of the vehicle makers it fits, other brands' numbers and about
// four vehicles of the list. From a random stream of their own, so that a part's SPEC fields stay
// the rows issue 15's runs made. Nothing here touches the database.
import type { Random } from './random.ts';
import { partMakers } from './vocabulary.ts';

/** What the catalogue knows of a kind of part: its category (a leaf slug), facts and weight. */
type KindFacts = {
  category: string;
  /** Attribute name, unit and the values it takes. */
  attributes: readonly (readonly [string, string | null, readonly string[]])[];
  grams: readonly [number, number];
  /** Where on the car it goes, for the fitment's note. */
  notes: readonly (string | null)[];
};

const axle = ['front axle', 'rear axle'] as const;
const plain = [null] as const;
const mm = (...values: number[]) => values.map(String);

export const kindFacts: Readonly<Record<string, KindFacts>> = {
  'Brake Pad Set': {
    category: 'brake-pads',
    attributes: [
      ['Width', 'mm', mm(116, 123, 131, 139, 151)],
      ['Thickness', 'mm', mm(15, 17, 18, 19)],
      ['Wear indicator', null, ['acoustic', 'electronic', 'none']],
    ],
    grams: [900, 2200],
    notes: axle,
  },
  'Brake Disc': {
    category: 'brake-discs',
    attributes: [
      ['Diameter', 'mm', mm(256, 280, 288, 300, 312, 330)],
      ['Thickness', 'mm', mm(12, 22, 24, 25, 28)],
      ['Holes', null, mm(4, 5)],
    ],
    grams: [4500, 11000],
    notes: axle,
  },
  'Brake Shoe Set': {
    category: 'brake-shoes',
    attributes: [['Diameter', 'mm', mm(180, 200, 203, 228)]],
    grams: [1200, 2500],
    notes: ['rear axle'],
  },
  'Oil Filter': {
    category: 'oil-filters',
    attributes: [
      ['Thread', null, ['M20 x 1.5', '3/4-16 UNF', 'M22 x 1.5']],
      ['Height', 'mm', mm(65, 79, 86, 100)],
    ],
    grams: [180, 450],
    notes: plain,
  },
  'Air Filter': {
    category: 'air-filters',
    attributes: [
      ['Length', 'mm', mm(222, 245, 272, 301)],
      ['Width', 'mm', mm(176, 205, 232)],
    ],
    grams: [200, 600],
    notes: plain,
  },
  'Cabin Filter': {
    category: 'cabin-filters',
    attributes: [['Type', null, ['particle', 'activated carbon', 'biofunctional']]],
    grams: [120, 350],
    notes: plain,
  },
  'Fuel Filter': {
    category: 'fuel-filters',
    attributes: [['Fuel', null, ['petrol', 'diesel']]],
    grams: [150, 700],
    notes: plain,
  },
  'Spark Plug': {
    category: 'spark-plugs',
    attributes: [
      ['Thread', 'mm', mm(12, 14)],
      ['Electrode gap', 'mm', ['0.7', '0.8', '1.0', '1.1']],
    ],
    grams: [35, 60],
    notes: plain,
  },
  'Glow Plug': {
    category: 'glow-plugs',
    attributes: [['Voltage', 'V', ['4.4', '5', '11']]],
    grams: [30, 60],
    notes: plain,
  },
  'Ignition Coil': {
    category: 'ignition-coils',
    attributes: [['Pins', null, mm(3, 4)]],
    grams: [250, 700],
    notes: plain,
  },
  Alternator: {
    category: 'alternators',
    attributes: [
      ['Voltage', 'V', ['14']],
      ['Current', 'A', mm(90, 110, 120, 150, 180)],
    ],
    grams: [4500, 7500],
    notes: plain,
  },
  'Starter Motor': {
    category: 'starter-motors',
    attributes: [
      ['Power', 'kW', ['1.1', '1.4', '1.7', '2.2']],
      ['Teeth', null, mm(9, 10, 11)],
    ],
    grams: [2800, 5200],
    notes: plain,
  },
  'Shock Absorber': {
    category: 'shock-absorbers',
    attributes: [['Type', null, ['gas pressure', 'oil pressure', 'twin-tube gas']]],
    grams: [1800, 4200],
    notes: axle,
  },
  'Coil Spring': {
    category: 'coil-springs',
    attributes: [['Length', 'mm', mm(280, 310, 345, 372)]],
    grams: [1500, 3200],
    notes: axle,
  },
  'Control Arm': {
    category: 'control-arms',
    attributes: [['Side', null, ['left', 'right', 'both']]],
    grams: [1800, 4500],
    notes: ['front axle, left', 'front axle, right'],
  },
  'Timing Belt Kit': {
    category: 'timing-belts',
    attributes: [['Teeth', null, mm(111, 124, 137, 141, 153)]],
    grams: [700, 1800],
    notes: plain,
  },
  'Serpentine Belt': {
    category: 'drive-belts',
    attributes: [['Length', 'mm', mm(1035, 1200, 1555, 2030)]],
    grams: [100, 300],
    notes: plain,
  },
  'Water Pump': {
    category: 'water-pumps',
    attributes: [['Impeller', null, ['metal', 'plastic']]],
    grams: [900, 2400],
    notes: plain,
  },
  Radiator: {
    category: 'radiators',
    attributes: [['Core width', 'mm', mm(600, 650, 668, 720)]],
    grams: [3000, 6500],
    notes: ['manual gearbox', 'automatic gearbox', null],
  },
  Thermostat: {
    category: 'thermostats',
    attributes: [['Opening temperature', '°C', mm(82, 87, 88, 92)]],
    grams: [90, 400],
    notes: plain,
  },
  'Headlight Bulb': {
    category: 'headlight-bulbs',
    attributes: [
      ['Type', null, ['H1', 'H4', 'H7', 'H11']],
      ['Power', 'W', mm(55, 60)],
    ],
    grams: [15, 30],
    notes: ['low beam', 'high beam'],
  },
  'Tail Light Bulb': {
    category: 'signal-bulbs',
    attributes: [['Type', null, ['P21W', 'P21/5W', 'W5W']]],
    grams: [5, 15],
    notes: plain,
  },
  'Wiper Blade': {
    category: 'wiper-blades',
    attributes: [['Length', 'mm', mm(350, 400, 450, 530, 600, 650)]],
    grams: [120, 260],
    notes: ['driver side', 'passenger side', 'rear'],
  },
  Battery: {
    category: 'batteries',
    attributes: [
      ['Capacity', 'Ah', mm(45, 60, 70, 80, 95)],
      ['Cold cranking current', 'A', mm(400, 540, 640, 760, 850)],
    ],
    grams: [11000, 24000],
    notes: plain,
  },
  'Fuel Pump': {
    category: 'fuel-pumps',
    attributes: [['Pressure', 'bar', ['3', '3.5', '4', '5']]],
    grams: [400, 1200],
    notes: plain,
  },
  'Clutch Kit': {
    category: 'clutch-kits',
    attributes: [['Diameter', 'mm', mm(200, 215, 228, 240)]],
    grams: [4500, 8500],
    notes: plain,
  },
  'CV Joint': {
    category: 'cv-joints',
    attributes: [['Teeth', null, mm(22, 25, 27, 30)]],
    grams: [1200, 2600],
    notes: ['front axle, outer', 'front axle, inner'],
  },
  'Wheel Bearing Kit': {
    category: 'wheel-bearings',
    attributes: [['Inner diameter', 'mm', mm(35, 38, 42, 45)]],
    grams: [600, 2200],
    notes: axle,
  },
  'Oxygen Sensor': {
    category: 'sensors',
    attributes: [['Wires', null, mm(1, 2, 4, 5)]],
    grams: [80, 200],
    notes: ['upstream', 'downstream'],
  },
  'Engine Oil 5W-30': {
    category: 'engine-oil',
    attributes: [['Volume', 'l', ['1', '4', '5']]],
    grams: [900, 4600],
    notes: plain,
  },
};

/**
 * A maker's three-letter code, distinct for every maker (the start of its name, or of its name
 * with a letter moved on where two makers start alike): part numbers start with it, so no two
 * makers' numbers are the same in any spelling, nor one of the shop's own (AX-…).
 */
const makerCodes = (() => {
  const codes = new Map<string, string>();
  const taken = new Set<string>();
  for (const maker of partMakers) {
    const letters = maker
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase();
    let code = letters.slice(0, 3).padEnd(3, 'X');
    for (let i = 3; taken.has(code) || code === 'AXX'; i++)
      code = `${code.slice(0, 2)}${letters[i] ?? String.fromCharCode(65 + (i % 26))}`;
    taken.add(code);
    codes.set(maker, code);
  }
  return codes;
})();

const digits = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Part `index`'s number in its maker's style: the maker's code and the index's six digits, grouped
 * as makers write theirs (spaces, dashes or dots): unique by construction, in any spelling.
 */
export function partNumberOf(maker: string, index: number): string {
  const code = makerCodes.get(maker) ?? 'GEN';
  const six = digits(index, 6);
  const style = partMakers.indexOf(maker) % 4;
  if (style === 0) return `${code[0]} ${code.slice(1)} ${six.slice(0, 3)} ${six.slice(3)}`;
  if (style === 1) return `${code}-${six}`;
  if (style === 2) return `${code}.${six.slice(0, 2)}.${six.slice(2)}`;
  return `${code}${six}`;
}

/** Another brand's number for a part: looks like theirs, not necessarily one they make. */
function otherNumber(random: Random, maker: string): string {
  return partNumberOf(maker, random.int(0, 999_999));
}

/** An OE number in the style of the vehicle maker's own catalogue. */
function oeNumber(random: Random, make: string): string {
  const d = (width: number) => digits(random.int(0, 10 ** width - 1), width);
  const letter = () => String.fromCharCode(65 + random.int(0, 25));
  switch (make) {
    case 'Toyota':
    case 'Lexus':
    case 'Nissan':
    case 'Infiniti':
    case 'Mazda':
    case 'Mitsubishi':
    case 'Subaru':
    case 'Suzuki':
      return `${d(5)}-${d(5)}`;
    case 'Honda':
    case 'Acura':
      return `${d(5)}-${letter()}${letter()}${letter()}-${letter()}${d(2)}`;
    case 'Volkswagen':
    case 'Audi':
      return `${d(1)}${letter()}${d(1)} ${d(3)} ${d(3)} ${letter()}`;
    case 'Ford':
    case 'Lincoln':
      return `${letter()}${letter()}${d(2)}-${d(4)}-${letter()}${letter()}`;
    case 'BMW':
    case 'Mini':
      return `${d(2)} ${d(2)} ${d(1)} ${d(3)} ${d(3)}`;
    case 'Mercedes-Benz':
      return `A ${d(3)} ${d(3)} ${d(2)} ${d(2)}`;
    default:
      return `${d(2)}${d(3)}${d(3)}`;
  }
}

/** The list's vehicles by make, as `fill` reads them from the database. */
export type VehiclesByMake = ReadonlyMap<string, readonly string[]>;

export type PartCatalogue = {
  partNumber: string;
  category: string;
  weightGrams: number;
  references: { kind: 'oe' | 'cross'; brand: string; number: string }[];
  attributes: { name: string; value: string; unit: string | null }[];
  fitment: { vehicleId: string; note: string | null }[];
};

/**
 * The catalogue's fields of part `index`, of `kind` by `maker`: one or two vehicle makes, from 0 to
 * 8 of their vehicles (about four on average), an OE number of each make, up to three other
 * brands' numbers, and its kind's facts.
 */
export function makePartCatalogue(
  random: Random,
  index: number,
  kind: string,
  maker: string,
  vehiclesByMake: VehiclesByMake,
  makes: readonly string[],
): PartCatalogue {
  const facts = kindFacts[kind];
  if (!facts) throw new Error(`no catalogue facts for the kind ${kind}`);
  const partMakes = [random.pick(makes)];
  if (random.chance(0.3)) partMakes.push(random.pick(makes));
  const fitted = new Map<string, string | null>();
  const wanted = random.int(0, 8);
  for (let i = 0; i < wanted * 3 && fitted.size < wanted; i++) {
    const make = random.pick(partMakes);
    const vehicles = vehiclesByMake.get(make) ?? [];
    if (vehicles.length > 0) fitted.set(random.pick(vehicles), random.pick(facts.notes));
  }
  const references: PartCatalogue['references'] = [...new Set(partMakes).values()].map((make) => ({
    kind: 'oe',
    brand: make,
    number: oeNumber(random, make),
  }));
  const others = partMakers.filter((other) => other !== maker);
  for (let i = random.int(0, 3); i > 0; i--) {
    const brand = random.pick(others);
    references.push({ kind: 'cross', brand, number: otherNumber(random, brand) });
  }
  const [low, high] = facts.grams;
  return {
    partNumber: partNumberOf(maker, index + 1),
    category: facts.category,
    weightGrams: random.int(low, high),
    references: [
      ...new Map(references.map((r) => [`${r.kind} ${r.brand} ${r.number}`, r])).values(),
    ],
    attributes: facts.attributes.map(([name, unit, values]) => ({
      name,
      value: random.pick(values),
      unit,
    })),
    fitment: [...fitted].map(([vehicleId, note]) => ({ vehicleId, note })),
  };
}
