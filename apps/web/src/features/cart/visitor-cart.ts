import { CART_LINES_MAX } from '@axle/contract/buying-texts';

/**
 * A visitor's cart, kept in this browser (every tab of it) until they sign in, when it joins
 * their account's (`POST /api/cart/merge`, see CartLink). Only parts and quantities: what a part
 * costs is read from the catalogue when the cart is shown.
 */
export const VISITOR_CART_KEY = 'axle-cart';

export type VisitorLine = { partId: string; quantity: number };

const listeners = new Set<() => void>();
let storedRaw: string | null = null;
let storedLines: readonly VisitorLine[] = [];

function readRaw(): string | null {
  try {
    return localStorage.getItem(VISITOR_CART_KEY);
  } catch {
    return null;
  }
}

/** What another script or an older version left there counts for nothing. */
function parseLines(raw: string | null): VisitorLine[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (line): line is VisitorLine =>
          typeof line === 'object' &&
          line !== null &&
          typeof line.partId === 'string' &&
          Number.isInteger(line.quantity) &&
          line.quantity > 0,
      )
      .slice(0, CART_LINES_MAX);
  } catch {
    return [];
  }
}

/** The visitor's lines, the same array while the stored text is the same (useSyncExternalStore). */
export function visitorLines(): readonly VisitorLine[] {
  const raw = readRaw();
  if (raw !== storedRaw) {
    storedRaw = raw;
    storedLines = parseLines(raw);
  }
  return storedLines;
}

export function writeVisitorLines(lines: readonly VisitorLine[]): void {
  try {
    if (lines.length === 0) localStorage.removeItem(VISITOR_CART_KEY);
    else localStorage.setItem(VISITOR_CART_KEY, JSON.stringify(lines));
  } catch {
    // Storage refused (private mode, full): the cart lasts as long as the page.
  }
  for (const listener of [...listeners]) listener();
}

/** Sets a line's quantity (0 takes it out); `add` adds to what the cart holds of the part. */
export function changeVisitorLine(partId: string, quantity: number, add = false): void {
  const lines = [...visitorLines()];
  const index = lines.findIndex((line) => line.partId === partId);
  const next = add ? (lines[index]?.quantity ?? 0) + quantity : quantity;
  if (index >= 0) {
    if (next > 0) lines[index] = { partId, quantity: next };
    else lines.splice(index, 1);
  } else if (next > 0 && lines.length < CART_LINES_MAX) lines.push({ partId, quantity: next });
  writeVisitorLines(lines);
}

export function subscribeVisitorCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === VISITOR_CART_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  listeners.add(onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    listeners.delete(onChange);
  };
}
