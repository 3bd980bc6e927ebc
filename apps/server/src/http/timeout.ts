/** The rejection of a piece of work that did not answer in time. */
export class TimedOut extends Error {
  override name = 'TimedOut';
}

/** `work`'s answer, or a `TimedOut` rejection once `ms` have passed without one. */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
