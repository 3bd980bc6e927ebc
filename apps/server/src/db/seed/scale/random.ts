// A small seeded random source for the scale generator: the same seed gives the same rows on
// every machine and engine, which Math.random and crypto cannot promise.

/**
 * Every id the generator makes begins with these eight hex digits, so its rows are told from the
 * shop's own (whose ids are random v4 UUIDs) by one range of the primary key: a later run replaces
 * them, and orders outside the range are real ones (see fill.ts).
 */
export const GENERATED_ID_PREFIX = '5ca1ab1e';

export type Random = {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `length` hex digits. */
  hex(length: number): string;
  /** A version-4 UUID in the generator's id range. */
  uuid(): string;
};

/** sfc32 (Chris Doty-Humphrey's small fast counter): 128 bits of state, passes PractRand to 2^40 bytes. */
export function createRandom(seed: number, stream: number): Random {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 ^ stream;
  let c = 0xb7e15162;
  let d = 1;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4_294_967_296;
  };
  // The first outputs still show the seed's bits; mixing them away costs nothing.
  for (let i = 0; i < 16; i++) next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (length: number) => {
    let out = '';
    while (out.length < length)
      out += Math.floor(next() * 0x1_0000_0000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, length);
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    hex,
    uuid: () => {
      const h = hex(22);
      const variant = '89ab'[int(0, 3)];
      return `${GENERATED_ID_PREFIX}-${h.slice(0, 4)}-4${h.slice(4, 7)}-${variant}${h.slice(7, 10)}-${h.slice(10, 22)}`;
    },
  };
}
