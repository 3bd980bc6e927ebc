// Warehouses' words and the delivery promise (issue 32 #2), free of schemas so that pages can
// import them without the validation library.

export const WAREHOUSE_CODE_PATTERN = /^[A-Z0-9]{2,8}$/;
export const CUTOFF_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const WAREHOUSE_NAME_MAX = 60;
export const WAREHOUSES_MAX = 50;
/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const warehouseMessages = {
  code: 'Code must be 2 to 8 capital letters or digits, e.g. DHK',
  name: `Name must be 1 to ${WAREHOUSE_NAME_MAX} characters`,
  city: `City must be 1 to ${WAREHOUSE_NAME_MAX} characters`,
  cutoff: 'Cutoff must be a time of day such as 16:00',
  timeZone: 'Time zone must be one such as Asia/Dhaka',
  workingDays: 'Choose at least one working day',
  position: 'Position must be a whole number from 0 to 999',
  restockDate: 'Restock date must be a date such as 2026-12-24',
  codeTaken: (code: string) => `A warehouse with code ${code} already exists`,
  unknown: (code: string) => `No warehouse with code ${code}`,
  tooMany: `A shop has at most ${WAREHOUSES_MAX} warehouses`,
} as const;

/** Whether a time zone's name is one this runtime knows (Asia/Dhaka, UTC, …). */
export function knownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** What a warehouse's shipping day depends on. */
export type ShippingDays = { cutoff: string; timeZone: string; workingDays: readonly number[] };

/**
 * When an order placed at `now` ships from a warehouse: today, with the minutes left before its
 * cutoff, when today is one of its working days and the cutoff has not passed in its time zone;
 * otherwise its next working day (`shipsOn`, the warehouse's local date, and how many days away).
 */
export type ShipPromise =
  | { today: true; minutesLeft: number }
  | { today: false; shipsOn: string; inDays: number; weekday: number };

/** The local date, ISO weekday and minute of the day at `now` in `timeZone`. */
function localClock(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const date = Date.UTC(part('year'), part('month') - 1, part('day'));
  return { date, minute: part('hour') * 60 + part('minute') };
}

const isoWeekday = (utcDate: number) => ((new Date(utcDate).getUTCDay() + 6) % 7) + 1;
const DAY_MS = 86_400_000;

export function shipPromise(days: ShippingDays, now: Date): ShipPromise {
  const { date, minute } = localClock(now, days.timeZone);
  const [hours, minutes] = days.cutoff.split(':').map(Number);
  const cutoff = (hours ?? 0) * 60 + (minutes ?? 0);
  const working = new Set(days.workingDays);
  if (working.has(isoWeekday(date)) && minute < cutoff)
    return { today: true, minutesLeft: cutoff - minute };
  for (let inDays = 1; inDays <= 7; inDays++) {
    const next = date + inDays * DAY_MS;
    if (working.has(isoWeekday(next)))
      return {
        today: false,
        shipsOn: new Date(next).toISOString().slice(0, 10),
        inDays,
        weekday: isoWeekday(next),
      };
  }
  // No working day at all (the schema refuses it): the promise is a week away.
  const next = date + 7 * DAY_MS;
  return {
    today: false,
    shipsOn: new Date(next).toISOString().slice(0, 10),
    inDays: 7,
    weekday: isoWeekday(next),
  };
}

/** "2 h 10 min", "45 min", "3 h". */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "Order within 2 h 10 min to ship today from Dhaka"; after the cutoff, its next working day. */
export function shipPromiseText(promise: ShipPromise, warehouseName: string): string {
  if (promise.today)
    return `Order within ${durationText(promise.minutesLeft)} to ship today from ${warehouseName}`;
  const when =
    promise.inDays === 1 ? 'tomorrow' : `on ${WEEKDAYS[promise.weekday - 1] ?? promise.shipsOn}`;
  return `Order now to ship ${when} from ${warehouseName}`;
}

export const stockTexts = {
  heading: 'Stock by warehouse',
  inStock: (quantity: number) => `${quantity.toLocaleString('en-US')} in stock`,
  none: 'Out of stock',
  expected: (date: string) => `more expected ${date}`,
  shipsFrom: (names: string) => `Ships from ${names}`,
} as const;
