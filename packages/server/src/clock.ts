import { todayIn } from '@tern/core/dates';

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

/**
 * "Today" on the server is a property's: the calendar day at the clock's now in the property's time zone
 * (core's `todayIn`). Use it for anything about one property: its closed dates, its rates, a booking's dates.
 */
export const todayAt = (clock: Clock, timeZone: string): string => todayIn(timeZone, clock.now());

/** The UTC day: only where no single property is known (a search across properties, the demo seed). */
export const utcToday = (clock: Clock): string => todayIn('UTC', clock.now());

/** Durations in ms (session and token lifetimes), never calendar days: move days with core's `addDays`. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
