import { addDays } from '../dates/dates.js';

// The car search form (document 1 §5, §9): defaults, time and driver-age options, the polling interval.

/** Pick-up today + 5, return today + 12, both 10:00, driver 30 from IS. */
export function carSearchDefaults(today: string) {
  return {
    pickupDate: addDays(today, 5),
    dropoffDate: addDays(today, 12),
    pickupTime: '10:00',
    dropoffTime: '10:00',
    driverAge: 30,
    driverCountry: 'IS',
  };
}

/** The day in 30-minute steps, `HH:mm`. */
export function timeOptions(stepMinutes = 30): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += stepMinutes) out.push(`${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
  return out;
}

/** 18–99 with 30 to 60 as one option (its value 30). */
export function driverAgeOptions(): { value: number; from: number; to: number }[] {
  const out: { value: number; from: number; to: number }[] = [];
  for (let age = 18; age <= 99; age++) {
    if (age === 30) out.push({ value: 30, from: 30, to: 60 });
    else if (age > 30 && age <= 60) continue;
    else out.push({ value: age, from: age, to: age });
  }
  return out;
}

/** The car search asks for the providers' answers every 2 s until all have answered (document 1 §9). */
export const VEHICLE_POLL_MS = 2000;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
