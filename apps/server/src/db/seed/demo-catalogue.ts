// The demo catalogue: fixed ids so that seeding again inserts nothing twice.
// Images live in apps/web/public/images and were drawn for this project.

/** A vehicle of the list by make, model and one model year: every engine of it that year. */
export type DemoFit = { make: string; model: string; year: number; note: string | null };

/**
 * What the catalogue knows of a demo part (issue 16 #8): real-looking numbers of real brands, the
 * vehicle makers' OE numbers, attributes, and the workshop cars it fits. `category` is a slug of
 * catalogue/categories.ts.
 */
export type DemoCatalogue = {
  partNumber: string;
  brand: string;
  category: string;
  weightGrams: number;
  oeNumbers: { brand: string; number: string }[];
  crossReferences: { brand: string; number: string }[];
  attributes: { name: string; value: string; unit: string | null }[];
  fits: DemoFit[];
  /** Volume prices (issue 17 #6): from `minQuantity` units, each costs `priceCents`. */
  priceTiers?: { minQuantity: number; priceCents: number }[];
  /** The number of the demo part that replaces this one (issue 32 #1). */
  supersededBy?: string;
};

type DemoPart = {
  id: string;
  name: string;
  description: string;
  img: string;
  availableQuantity: number;
  minimumQuantity: number;
  priceCents: number;
  catalogue: DemoCatalogue;
  /**
   * Where its stock is (issue 32 #2), by warehouse code; left out: seven in ten in Dhaka, the
   * rest in Chattogram. `restockInDays`: more is expected in Dhaka that many days after seeding.
   */
  stock?: Record<string, number>;
  restockInDays?: number;
  /** Orders above the stock are taken while a restock date is known (issue 32 #3). */
  allowBackorder?: boolean;
  /** The deposit on each unit of an exchange part, refunded when the old one comes back (issue 32 #4). */
  coreChargeCents?: number;
};

/** The demo's warehouses (issue 32 #2): Dhaka first, Chattogram second, both shipping Sunday to Thursday. */
export const demoWarehouses = [
  {
    code: 'DHK',
    name: 'Dhaka',
    city: 'Dhaka',
    cutoff: '16:00',
    timeZone: 'Asia/Dhaka',
    workingDays: [1, 2, 3, 4, 7],
    position: 0,
  },
  {
    code: 'CTG',
    name: 'Chattogram',
    city: 'Chattogram',
    cutoff: '15:00',
    timeZone: 'Asia/Dhaka',
    workingDays: [1, 2, 3, 4, 7],
    position: 1,
  },
];

/** A demo part's stock per warehouse code, adding up to its available quantity. */
export function demoStock(part: DemoPart): Record<string, number> {
  if (part.stock) return part.stock;
  const dhaka = Math.round(part.availableQuantity * 0.7);
  return { DHK: dhaka, CTG: part.availableQuantity - dhaka };
}

// The four workshop cars of the demo (issue 16 #8).
const corolla2015 = (note: string | null = null): DemoFit => ({
  make: 'Toyota',
  model: 'Corolla',
  year: 2015,
  note,
});
const focus2012 = (note: string | null = null): DemoFit => ({
  make: 'Ford',
  model: 'Focus',
  year: 2012,
  note,
});
const golf2018 = (note: string | null = null): DemoFit => ({
  make: 'Volkswagen',
  model: 'Golf',
  year: 2018,
  note,
});
const civic2016 = (note: string | null = null): DemoFit => ({
  make: 'Honda',
  model: 'Civic',
  year: 2016,
  note,
});

export const demoParts: DemoPart[] = [
  {
    id: 'c620748f-aecc-4f6f-b984-597170517725',
    name: 'Ceramic Front Brake Pad Set',
    description:
      'Low-dust ceramic pads with chamfered, slotted friction blocks and shims fitted. Quiet, fade-resistant braking for compact and mid-size saloons.',
    img: '/images/parts/brake-pads.svg',
    availableQuantity: 2400,
    minimumQuantity: 100,
    priceCents: 1850,
    catalogue: {
      partNumber: 'P 83 140',
      priceTiers: [
        { minQuantity: 500, priceCents: 1725 },
        { minQuantity: 1000, priceCents: 1650 },
      ],
      brand: 'Brembo',
      category: 'brake-pads',
      weightGrams: 1480,
      oeNumbers: [{ brand: 'Toyota', number: '04465-02220' }],
      crossReferences: [
        { brand: 'TRW', number: 'GDB3425' },
        { brand: 'ATE', number: '13.0460-5833.2' },
      ],
      attributes: [
        { name: 'Width', value: '132.6', unit: 'mm' },
        { name: 'Height', value: '52.8', unit: 'mm' },
        { name: 'Thickness', value: '17.5', unit: 'mm' },
        { name: 'Wear indicator', value: 'acoustic', unit: null },
      ],
      fits: [corolla2015('front axle')],
    },
  },
  {
    id: '5ccbb81a-b166-4064-8da2-19eba0f43fec',
    name: 'Vented Brake Disc 280 mm',
    description:
      'G3000 cast-iron vented disc, 280 mm × 24 mm, balanced and anti-corrosion coated on the hat and vanes. Sold singly; fit in axle pairs.',
    img: '/images/parts/brake-disc.svg',
    availableQuantity: 960,
    minimumQuantity: 50,
    priceCents: 3275,
    catalogue: {
      partNumber: '09.A727.11',
      brand: 'Brembo',
      category: 'brake-discs',
      weightGrams: 7900,
      oeNumbers: [{ brand: 'Ford', number: '1 855 087' }],
      crossReferences: [{ brand: 'ATE', number: '24.0124-0176.1' }],
      attributes: [
        { name: 'Diameter', value: '280', unit: 'mm' },
        { name: 'Thickness', value: '24', unit: 'mm' },
        { name: 'Holes', value: '5', unit: null },
      ],
      fits: [focus2012('front axle')],
    },
  },
  {
    id: 'b7976477-9916-4ed9-bf61-b498b4a4782b',
    name: 'Spin-On Oil Filter',
    description:
      'Synthetic-blend media with a silicone anti-drain-back valve and a 1.0 bar bypass. M20 × 1.5 thread; fits most 1.2–2.0 L petrol engines.',
    img: '/images/parts/oil-filter.svg',
    availableQuantity: 8000,
    minimumQuantity: 100,
    priceCents: 425,
    catalogue: {
      partNumber: 'W 68/3',
      priceTiers: [{ minQuantity: 500, priceCents: 390 }],
      brand: 'Mann-Filter',
      category: 'oil-filters',
      weightGrams: 240,
      oeNumbers: [
        { brand: 'Toyota', number: '90915-YZZD4' },
        { brand: 'Honda', number: '15400-PLM-A02' },
      ],
      crossReferences: [{ brand: 'Bosch', number: '0 451 103 316' }],
      attributes: [
        { name: 'Thread', value: 'M20 x 1.5', unit: null },
        { name: 'Height', value: '79', unit: 'mm' },
        { name: 'Outer diameter', value: '68', unit: 'mm' },
      ],
      fits: [corolla2015(), civic2016()],
    },
  },
  {
    id: '4ede91fa-7de2-4eb3-99c9-42ec2ef138b8',
    name: 'Panel Air Filter',
    description:
      'Pleated cellulose panel with a polyurethane frame, 99.5 % filtration efficiency to ISO 5011. Restores airflow and fuel economy.',
    img: '/images/parts/air-filter.svg',
    availableQuantity: 5200,
    minimumQuantity: 100,
    priceCents: 690,
    catalogue: {
      partNumber: 'C 27 009',
      brand: 'Mann-Filter',
      category: 'air-filters',
      weightGrams: 310,
      oeNumbers: [{ brand: 'Volkswagen', number: '5Q0 129 620 B' }],
      crossReferences: [{ brand: 'Bosch', number: 'F 026 400 387' }],
      attributes: [
        { name: 'Length', value: '272', unit: 'mm' },
        { name: 'Width', value: '232', unit: 'mm' },
        { name: 'Height', value: '59', unit: 'mm' },
      ],
      fits: [golf2018()],
    },
  },
  {
    id: '588ac123-0189-422d-b7d9-ea642835d572',
    name: 'Iridium Spark Plug',
    description:
      '0.6 mm iridium centre electrode with a platinum ground tip for a 100,000 km service life. Pre-gapped at 0.8 mm, 14 mm thread.',
    img: '/images/parts/spark-plug.svg',
    availableQuantity: 12000,
    minimumQuantity: 200,
    priceCents: 890,
    catalogue: {
      partNumber: 'ILKAR7B11',
      priceTiers: [
        { minQuantity: 1000, priceCents: 820 },
        { minQuantity: 2000, priceCents: 780 },
      ],
      brand: 'NGK',
      category: 'spark-plugs',
      weightGrams: 45,
      oeNumbers: [
        { brand: 'Toyota', number: '90919-01253' },
        { brand: 'Honda', number: '12290-R48-H01' },
      ],
      crossReferences: [{ brand: 'Denso', number: 'FK20HR11' }],
      attributes: [
        { name: 'Thread', value: '14', unit: 'mm' },
        { name: 'Electrode gap', value: '0.8', unit: 'mm' },
      ],
      fits: [corolla2015(), civic2016()],
    },
  },
  {
    id: '4d1db376-34ef-431f-8664-787bcc415135',
    name: 'Alternator 14 V 120 A',
    // The demo's part that takes backorders: more arrives in Dhaka three weeks after seeding.
    allowBackorder: true,
    restockInDays: 21,
    description:
      'New (not remanufactured) alternator with a decoupler pulley and built-in regulator. Bench-tested to full output before dispatch.',
    img: '/images/parts/alternator.svg',
    availableQuantity: 340,
    minimumQuantity: 10,
    priceCents: 14900,
    catalogue: {
      partNumber: '439698',
      brand: 'Valeo',
      category: 'alternators',
      weightGrams: 5600,
      oeNumbers: [{ brand: 'Ford', number: 'BV6N-10300-CD' }],
      crossReferences: [{ brand: 'Bosch', number: '0 121 615 025' }],
      attributes: [
        { name: 'Voltage', value: '14', unit: 'V' },
        { name: 'Current', value: '120', unit: 'A' },
      ],
      fits: [focus2012()],
    },
  },
  {
    id: 'bae1a3ae-9d84-4661-a87d-62edf57576e4',
    name: 'Starter Motor 1.4 kW',
    // The demo's exchange part: a $35.00 deposit a unit, refunded when the old starter comes back.
    coreChargeCents: 3500,
    description:
      'Gear-reduction starter motor, 12 V 1.4 kW, 9-tooth pinion, clockwise rotation. Sealed solenoid for wet climates.',
    img: '/images/parts/starter-motor.svg',
    availableQuantity: 280,
    minimumQuantity: 10,
    priceCents: 11250,
    catalogue: {
      partNumber: '0 986 023 750',
      brand: 'Bosch',
      category: 'starter-motors',
      weightGrams: 3900,
      oeNumbers: [{ brand: 'Volkswagen', number: '02Z 911 023 N' }],
      crossReferences: [{ brand: 'Valeo', number: '438170' }],
      attributes: [
        { name: 'Power', value: '1.4', unit: 'kW' },
        { name: 'Teeth', value: '9', unit: null },
      ],
      fits: [golf2018()],
    },
  },
  {
    id: 'ad06e7bf-21ab-4bcf-b417-8d567b1a0a16',
    name: 'Rear Gas Shock Absorber',
    description:
      'Twin-tube, low-pressure gas shock absorber tuned to OE damping curves, with mounting hardware. Sold singly; replace in pairs.',
    img: '/images/parts/shock-absorber.svg',
    availableQuantity: 1500,
    minimumQuantity: 100,
    priceCents: 3940,
    catalogue: {
      partNumber: 'G1218',
      brand: 'Monroe',
      category: 'shock-absorbers',
      weightGrams: 2300,
      oeNumbers: [{ brand: 'Honda', number: '52610-TBA-A01' }],
      crossReferences: [{ brand: 'Sachs', number: '317 498' }],
      attributes: [{ name: 'Type', value: 'gas pressure', unit: null }],
      fits: [civic2016('rear axle')],
    },
  },
  {
    id: '0182f80b-15a4-4580-8587-19dec811592b',
    name: 'Timing Belt Kit',
    description:
      'HNBR timing belt with tensioner and idler pulleys in one box: everything a workshop needs for a complete cam-drive service.',
    img: '/images/parts/timing-belt.svg',
    availableQuantity: 620,
    minimumQuantity: 20,
    priceCents: 6480,
    catalogue: {
      partNumber: 'K015623XS',
      brand: 'Gates',
      category: 'timing-belts',
      weightGrams: 1200,
      oeNumbers: [{ brand: 'Volkswagen', number: '04L 198 119 A' }],
      crossReferences: [{ brand: 'Contitech', number: 'CT1168K1' }],
      attributes: [{ name: 'Teeth', value: '141', unit: null }],
      fits: [golf2018('1.6 and 2.0 TDI')],
    },
  },
  {
    id: 'b6e3979d-1f08-459a-a4f3-041cbf696bea',
    name: 'Aluminium Radiator',
    description:
      'Brazed aluminium core with plastic end tanks, 26 mm thick, pressure-tested to 1.5 bar. Direct fit; reuses the original fan shroud.',
    img: '/images/parts/radiator.svg',
    availableQuantity: 410,
    minimumQuantity: 10,
    priceCents: 8950,
    catalogue: {
      partNumber: '646810',
      brand: 'Nissens',
      category: 'radiators',
      weightGrams: 4100,
      oeNumbers: [{ brand: 'Toyota', number: '16400-0T040' }],
      crossReferences: [{ brand: 'Valeo', number: '735517' }],
      attributes: [
        { name: 'Core width', value: '668', unit: 'mm' },
        { name: 'Core height', value: '374', unit: 'mm' },
      ],
      fits: [corolla2015('manual gearbox')],
    },
  },
  {
    id: '424b2a99-6dba-4197-9052-7a4a60c491b1',
    name: 'H7 Halogen Headlight Bulb',
    description:
      '12 V 55 W H7 bulb with a quartz envelope and up to 30 % more light on the road than a standard bulb. E-marked for road use.',
    img: '/images/parts/headlight-bulb.svg',
    availableQuantity: 15000,
    minimumQuantity: 100,
    priceCents: 375,
    catalogue: {
      partNumber: '12972PRC1',
      brand: 'Philips',
      category: 'headlight-bulbs',
      weightGrams: 20,
      oeNumbers: [],
      crossReferences: [{ brand: 'Osram', number: '64210' }],
      attributes: [
        { name: 'Type', value: 'H7', unit: null },
        { name: 'Power', value: '55', unit: 'W' },
      ],
      fits: [golf2018('low beam'), focus2012('low beam')],
    },
  },
  {
    id: 'a8e5428c-46c9-4fca-838a-ae5129fa0a95',
    name: 'Flat Wiper Blade 24"',
    description:
      'Beam-type wiper blade with a graphite-coated natural rubber edge and a universal J-hook adapter. Streak-free in heavy monsoon rain.',
    img: '/images/parts/wiper-blade.svg',
    availableQuantity: 7000,
    minimumQuantity: 100,
    priceCents: 560,
    catalogue: {
      partNumber: '3 397 008 585',
      brand: 'Bosch',
      category: 'wiper-blades',
      weightGrams: 160,
      oeNumbers: [],
      crossReferences: [{ brand: 'Valeo', number: '574387' }],
      attributes: [{ name: 'Length', value: '600', unit: 'mm' }],
      fits: [civic2016('driver side'), corolla2015('driver side')],
    },
  },
  {
    id: 'bfa22d36-c3d2-4084-89c7-c63f2e4a8409',
    name: 'AGM Battery 12 V 70 Ah',
    description:
      'Absorbent glass mat battery, 760 A cold-cranking, built for start-stop vehicles. Maintenance-free and spill-proof; shipped charged.',
    img: '/images/parts/battery.svg',
    availableQuantity: 450,
    minimumQuantity: 20,
    priceCents: 12400,
    catalogue: {
      partNumber: '570 901 076',
      brand: 'Varta',
      category: 'batteries',
      weightGrams: 21000,
      oeNumbers: [{ brand: 'Volkswagen', number: '000 915 105 AE' }],
      crossReferences: [{ brand: 'Bosch', number: '0 092 S5A 080' }],
      attributes: [
        { name: 'Voltage', value: '12', unit: 'V' },
        { name: 'Capacity', value: '70', unit: 'Ah' },
        { name: 'Cold cranking current', value: '760', unit: 'A' },
      ],
      fits: [golf2018('start-stop')],
    },
  },
  {
    id: '8cb5b750-cc57-4bda-b692-eb61c5bcb683',
    name: 'In-Tank Electric Fuel Pump',
    description:
      'Brushless in-tank fuel pump, 3.5 bar at 110 L/h, with strainer and wiring pigtail. Quiet running and ethanol-blend compatible.',
    img: '/images/parts/fuel-pump.svg',
    availableQuantity: 800,
    minimumQuantity: 100,
    priceCents: 4725,
    catalogue: {
      partNumber: '0 580 200 317',
      brand: 'Bosch',
      category: 'fuel-pumps',
      weightGrams: 650,
      oeNumbers: [{ brand: 'Ford', number: '1 704 397' }],
      crossReferences: [{ brand: 'VDO', number: 'A2C53099327' }],
      attributes: [{ name: 'Pressure', value: '4', unit: 'bar' }],
      fits: [focus2012()],
    },
  },
  {
    // The demo's superseded number (issue 32 #1): the maker's earlier number of the timing belt
    // kit above, whose last units are still for sale.
    id: '766c941a-de08-471c-a19e-b29516850c15',
    name: 'Timing Belt Kit',
    description:
      'The earlier Gates number of the cam-drive kit for the 1.6 and 2.0 TDI: belt, tensioner and idler pulley, sold while the last boxes last.',
    img: '/images/parts/timing-belt.svg',
    availableQuantity: 35,
    minimumQuantity: 5,
    priceCents: 6290,
    // The last of the old number's stock waits in Chattogram.
    stock: { CTG: 35 },
    catalogue: {
      partNumber: 'K015603XS',
      supersededBy: 'K015623XS',
      brand: 'Gates',
      category: 'timing-belts',
      weightGrams: 1200,
      oeNumbers: [],
      crossReferences: [],
      attributes: [{ name: 'Teeth', value: '141', unit: null }],
      fits: [golf2018('1.6 and 2.0 TDI')],
    },
  },
];

type DemoReview = {
  id: string;
  name: string;
  img: string | null;
  rating: number;
  comment: string;
};

/** Listed newest first; seeding spaces their dates a day apart in this order. */
export const demoReviews: DemoReview[] = [
  {
    id: '21f81d81-9747-4b15-94fc-13dad537e131',
    name: 'Nusrat Jahan',
    img: '/images/avatars/reviewer-1.svg',
    rating: 5,
    comment:
      'We order brake pads by the hundred every month. Prices are fair, the minimum order suits a workshop of our size, and delivery to Dhaka took three days.',
  },
  {
    id: '09a3e4ed-c1fc-4614-b99d-93e67304f146',
    name: 'Rafiq Hossain',
    img: '/images/avatars/reviewer-2.svg',
    rating: 4,
    comment:
      'Good quality oil and air filters, well packed. I would like more sizes of filters, but what they stock is exactly as described.',
  },
  {
    id: 'f2ef6432-00e6-41e8-8a22-be02e54a179b',
    name: 'Ayesha Karim',
    img: '/images/avatars/reviewer-3.svg',
    rating: 5,
    comment:
      'The alternators arrived bench-tested with a report in every box. Not one return in six months across our three garages.',
  },
  {
    id: '72b394cf-962e-4904-a94d-557b461ee13f',
    name: 'Tanvir Ahmed',
    img: '/images/avatars/reviewer-4.svg',
    rating: 4,
    comment:
      'Ordering is simple and paying by card is quick. Tracking the order from payment to delivery saves us a lot of phone calls.',
  },
  {
    id: '027edb91-26d4-4486-ae57-7631871ad827',
    name: 'Farhana Islam',
    img: '/images/avatars/reviewer-5.svg',
    rating: 5,
    comment:
      'Iridium plugs at a wholesale price, and the timing belt kits really do include every pulley. Our go-to supplier now.',
  },
  {
    id: 'e27f9f92-1fea-4fcd-a64d-52b1dfa15781',
    name: 'Mahmud Chowdhury',
    img: '/images/avatars/reviewer-6.svg',
    rating: 3,
    comment:
      'Shock absorbers are solid. The first shipment was a day late, but support told us why and the second one came early.',
  },
  {
    id: '2f600bc3-5ba4-46c9-bc8c-4781dd97cabc',
    name: 'Sadia Rahman',
    img: null,
    rating: 5,
    comment:
      'Clear prices, real stock figures and no surprises at checkout. Exactly what a fleet maintenance team needs.',
  },
];
