// The catalogue's category tree (issue 16 #1): the groups a parts distributor files its range
// under, two levels deep. Reference data, not demo data: loaded into an empty categories table at
// every start (load.ts), so that admins and imports file parts under it from the first day.
// `slug` names a category in URLs and in CSV imports; it never changes.

export type CategorySeed = {
  slug: string;
  name: string;
  children: { slug: string; name: string }[];
};

export const categoryTree: readonly CategorySeed[] = [
  {
    slug: 'brakes',
    name: 'Brakes',
    children: [
      { slug: 'brake-pads', name: 'Brake pads' },
      { slug: 'brake-discs', name: 'Brake discs' },
      { slug: 'brake-shoes', name: 'Brake shoes' },
    ],
  },
  {
    slug: 'filters',
    name: 'Filters',
    children: [
      { slug: 'oil-filters', name: 'Oil filters' },
      { slug: 'air-filters', name: 'Air filters' },
      { slug: 'cabin-filters', name: 'Cabin filters' },
      { slug: 'fuel-filters', name: 'Fuel filters' },
    ],
  },
  {
    slug: 'ignition',
    name: 'Ignition',
    children: [
      { slug: 'spark-plugs', name: 'Spark plugs' },
      { slug: 'glow-plugs', name: 'Glow plugs' },
      { slug: 'ignition-coils', name: 'Ignition coils' },
    ],
  },
  {
    slug: 'electrics',
    name: 'Electrics',
    children: [
      { slug: 'alternators', name: 'Alternators' },
      { slug: 'starter-motors', name: 'Starter motors' },
      { slug: 'batteries', name: 'Batteries' },
      { slug: 'sensors', name: 'Sensors' },
    ],
  },
  {
    slug: 'lighting',
    name: 'Lighting',
    children: [
      { slug: 'headlight-bulbs', name: 'Headlight bulbs' },
      { slug: 'signal-bulbs', name: 'Signal and tail bulbs' },
    ],
  },
  {
    slug: 'suspension-steering',
    name: 'Suspension and steering',
    children: [
      { slug: 'shock-absorbers', name: 'Shock absorbers' },
      { slug: 'coil-springs', name: 'Coil springs' },
      { slug: 'control-arms', name: 'Control arms' },
      { slug: 'wheel-bearings', name: 'Wheel bearings' },
    ],
  },
  {
    slug: 'engine',
    name: 'Engine',
    children: [
      { slug: 'timing-belts', name: 'Timing belt kits' },
      { slug: 'drive-belts', name: 'Drive belts' },
      { slug: 'engine-oil', name: 'Engine oil' },
    ],
  },
  {
    slug: 'cooling',
    name: 'Cooling',
    children: [
      { slug: 'radiators', name: 'Radiators' },
      { slug: 'water-pumps', name: 'Water pumps' },
      { slug: 'thermostats', name: 'Thermostats' },
    ],
  },
  {
    slug: 'fuel-system',
    name: 'Fuel system',
    children: [{ slug: 'fuel-pumps', name: 'Fuel pumps' }],
  },
  {
    slug: 'transmission',
    name: 'Transmission',
    children: [
      { slug: 'clutch-kits', name: 'Clutch kits' },
      { slug: 'cv-joints', name: 'CV joints' },
    ],
  },
  {
    slug: 'wipers',
    name: 'Wipers',
    children: [{ slug: 'wiper-blades', name: 'Wiper blades' }],
  },
];
