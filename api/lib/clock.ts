import { viennaDate } from '../../db/domain/calendar';

/** Injectable time source: services never call Date.now() themselves, so tests can move time. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export function fixedClock(
  start: Date | string,
): Clock & { set: (d: Date | string) => void; advance: (ms: number) => void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (d) => {
      current = new Date(d);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** Today's Vienna calendar date (YYYY-MM-DD) by an injected clock. */
export const todayIn = (clock: Clock) => viennaDate(clock.now());
