/** Words of the first screen's controls, which load with them after the first paint (PartFinder). */
export const finderStrings = {
  searchPlaceholder: 'Part or OE number, words or VIN',
  searchHint: "A 17-character VIN shows its vehicle's parts.",
  showParts: 'Show parts',
  yourVehicle: 'Your vehicle:',
  shopYourVehicle: 'Show its parts',
  garage: 'My garage',
  shopGarageVehicle: 'Shop for this vehicle',
  shopping: 'Opening its parts',
} as const;
