import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * The time now, renewed as each minute of the clock starts: what a countdown in minutes ("Order
 * within 2 h 10 min") needs, and no more renders than that.
 */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          wait();
        },
        MINUTE_MS - (Date.now() % MINUTE_MS),
      );
    };
    wait();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
