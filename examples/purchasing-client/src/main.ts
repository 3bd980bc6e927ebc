// Orders parts by number from the command line:
//
//   AXLE_URL=https://shop.example.com AXLE_API_KEY=axk_… \
//     npm start -w examples/purchasing-client -- BP-1001:20 OF-2002:10
//
// Ships to the address in AXLE_SHIP_TO ("line1;city;postal code;country") and prints the order.
import { purchase } from './purchase.ts';

const [line1, city, postalCode, country] = (
  process.env.AXLE_SHIP_TO ?? '12 Dock Road;Hull;HU1 2AB;United Kingdom'
).split(';');
const lines = process.argv.slice(2).map((argument) => {
  const [partNumber, quantity] = argument.split(':');
  if (!partNumber || !quantity) throw new Error(`"${argument}" is not PARTNUMBER:QUANTITY`);
  return { partNumber, quantity: Number(quantity) };
});
if (!process.env.AXLE_API_KEY) throw new Error('Set AXLE_API_KEY to an API key (axk_…)');
if (lines.length === 0) throw new Error('Name at least one PARTNUMBER:QUANTITY');

const order = await purchase({
  baseUrl: process.env.AXLE_URL ?? 'http://localhost:3000',
  apiKey: process.env.AXLE_API_KEY,
  lines,
  address: {
    line1: line1 ?? '',
    city: city ?? '',
    postalCode: postalCode ?? '',
    country: country ?? '',
  },
  tel: process.env.AXLE_TEL ?? '0113 496 0000',
  poNumber: process.env.AXLE_PO ?? `PO-${new Date().toISOString().slice(0, 10)}`,
});
console.log(JSON.stringify(order, null, 2));
