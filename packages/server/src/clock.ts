/** Where the server reads the time; tests inject one they can move. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The real time moved by an offset the caller changes (tests jump ahead to expire things). */
export function shiftedClock(offsetMs = 0): Clock & { advance(ms: number): void } {
  let offset = offsetMs;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
