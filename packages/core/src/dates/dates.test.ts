import { addMonths, endOfMonth, getISODay, lightFormat, startOfMonth } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  compareDays,
  dayRun,
  daysBetween,
  daysFrom,
  deviceToday,
  instantOf,
  isDay,
  isoWeekday,
  isPastDay,
  monthOf,
  nightsBetween,
  parseDay,
  todayIn,
  zoneOffsetMinutes,
} from './dates.js';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('isDay / parseDay', () => {
  it.each([
    ['2030-01-10', true],
    ['2028-02-29', true],
    ['2030-02-29', false],
    ['2030-02-30', false],
    ['2030-13-01', false],
    ['2030-00-10', false],
    ['2030-1-10', false],
    ['2030-01-10T00:00', false],
    ['', false],
    [' 2030-01-10', false],
    // The years PostgreSQL's date and the contract take: 0001 to 9999 (no year 0).
    ['0000-01-01', false],
    ['0000-12-31', false],
    ['0001-01-01', true],
    ['0099-03-01', true],
    ['9999-12-31', true],
    ['10000-01-01', false],
  ])('isDay(%j) is %s', (value, expected) => {
    expect(isDay(value)).toBe(expected);
  });

  it.each([
    ['2030-01-10', '2030-01-10'],
    [' 2030-01-10 ', '2030-01-10'],
    ['2030-02-30', null],
    ['tomorrow', null],
    [null, null],
    [undefined, null],
  ])('parseDay(%j) is %j', (value, expected) => {
    expect(parseDay(value)).toBe(expected);
  });

  it('is not a day unless a string', () => {
    expect(isDay(20300110)).toBe(false);
  });
});

describe('todayIn: the calendar day in a zone', () => {
  it.each([
    // 23:30 UTC on 9 January is already the 10th east of Greenwich, still the 9th west of it.
    ['2030-01-09T23:30:00Z', 'UTC', '2030-01-09'],
    ['2030-01-09T23:30:00Z', 'Atlantic/Reykjavik', '2030-01-09'],
    ['2030-01-09T23:30:00Z', 'Europe/Oslo', '2030-01-10'],
    ['2030-01-09T23:30:00Z', 'Asia/Tokyo', '2030-01-10'],
    ['2030-01-10T04:59:00Z', 'America/New_York', '2030-01-09'],
    ['2030-01-10T05:00:00Z', 'America/New_York', '2030-01-10'],
    ['2030-01-10T10:30:00Z', 'Pacific/Kiritimati', '2030-01-11'],
    ['2030-12-31T23:00:00Z', 'Europe/Berlin', '2031-01-01'],
  ])('at %s in %s it is %s', (instant, zone, day) => {
    expect(todayIn(zone, new Date(instant))).toBe(day);
    expect(todayIn(zone, Date.parse(instant))).toBe(day);
  });

  it('throws on an unknown zone', () => {
    expect(() => todayIn('Mars/Olympus', 0)).toThrow();
  });
});

describe('deviceToday: the day in the process zone', () => {
  it.each([
    ['UTC', '2030-01-09'],
    ['Asia/Tokyo', '2030-01-10'],
  ])('in %s', (zone, day) => {
    process.env.TZ = zone;
    expect(deviceToday(Date.parse('2030-01-09T23:30:00Z'))).toBe(day);
  });
});

describe('addDays', () => {
  it.each([
    ['2030-01-10', 1, '2030-01-11'],
    ['2030-01-31', 1, '2030-02-01'],
    ['2030-12-31', 1, '2031-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2030-02-28', 1, '2030-03-01'],
    ['2030-03-01', -1, '2030-02-28'],
    ['2030-01-10', 0, '2030-01-10'],
    ['2030-01-10', 365, '2031-01-10'],
    // Across the spring and autumn clock changes in Europe.
    ['2030-03-30', 2, '2030-04-01'],
    ['2030-10-26', 2, '2030-10-28'],
  ])('%s + %i is %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
  });

  it.each(['Europe/Oslo', 'America/Santiago', 'Asia/Beirut', 'Pacific/Apia'])(
    'keeps calendar days whole across clock changes with the device in %s',
    (zone) => {
      process.env.TZ = zone;
      let day = '2029-12-25';
      for (let i = 0; i < 800; i++) {
        const next = addDays(day, 1);
        expect(daysBetween(day, next)).toBe(1);
        expect(next > day).toBe(true);
        day = next;
      }
      expect(day).toBe('2032-03-04');
    },
  );
});

describe('daysBetween / nightsBetween', () => {
  it.each([
    ['2030-01-10', '2030-01-12', 2, 2],
    ['2030-01-10', '2030-01-10', 0, 0],
    ['2030-01-12', '2030-01-10', -2, 0],
    ['2030-02-27', '2030-03-02', 3, 3],
    ['2028-02-27', '2028-03-02', 4, 4],
    ['2030-03-29', '2030-04-02', 4, 4],
    ['2030-12-30', '2031-01-02', 3, 3],
  ])('%s to %s: %i days, %i nights', (from, to, days, nights) => {
    expect(daysBetween(from, to)).toBe(days);
    expect(nightsBetween(from, to)).toBe(nights);
  });

  it.each([
    ['', '2030-01-10'],
    ['2030-01-10', 'soon'],
    ['2030-02-30', '2030-03-02'],
  ])('an invalid day (%j, %j) gives NaN days and 0 nights', (from, to) => {
    expect(daysBetween(from, to)).toBeNaN();
    expect(nightsBetween(from, to)).toBe(0);
  });
});

describe('ranges', () => {
  it.each([
    ['2030-01-30', '2030-02-02', ['2030-01-30', '2030-01-31', '2030-02-01']],
    ['2030-01-10', '2030-01-11', ['2030-01-10']],
    ['2030-01-10', '2030-01-10', []],
    ['2030-01-11', '2030-01-10', []],
  ])('daysFrom(%s, %s): the nights', (from, to, expected) => {
    expect(daysFrom(from, to)).toEqual(expected);
  });

  it.each([
    ['2030-12-30', 3, ['2030-12-30', '2030-12-31', '2031-01-01']],
    ['2030-01-10', 1, ['2030-01-10']],
    ['2030-01-10', 0, []],
    ['2030-01-10', -1, []],
  ])('dayRun(%s, %i)', (from, count, expected) => {
    expect(dayRun(from, count)).toEqual(expected);
  });

  it.each([
    ['2030-01-10', 0, '2030-01-01', '2030-01-31'],
    ['2030-01-10', -1, '2029-12-01', '2029-12-31'],
    ['2030-01-31', 1, '2030-02-01', '2030-02-28'],
    ['2028-03-15', -1, '2028-02-01', '2028-02-29'],
    ['2030-12-05', 1, '2031-01-01', '2031-01-31'],
  ])('monthOf(%s, %i) is %s to %s', (day, shift, from, to) => {
    expect(monthOf(day, shift)).toEqual({ from, to });
  });
});

describe('comparing', () => {
  it.each([
    ['2030-01-09', '2030-01-10', -1],
    ['2030-01-10', '2030-01-10', 0],
    ['2031-01-01', '2030-12-31', 1],
  ])('compareDays(%s, %s) is %i', (a, b, expected) => {
    expect(compareDays(a, b)).toBe(expected);
  });

  it('sorts days', () => {
    expect(['2030-02-01', '2029-12-31', '2030-01-15'].sort(compareDays)).toEqual([
      '2029-12-31',
      '2030-01-15',
      '2030-02-01',
    ]);
  });

  it.each([
    ['2030-01-09', '2030-01-10', true],
    ['2030-01-10', '2030-01-10', false],
    ['2030-01-11', '2030-01-10', false],
  ])('isPastDay(%s, today %s) is %s', (day, today, expected) => {
    expect(isPastDay(day, today)).toBe(expected);
  });
});

describe('instantOf: a wall-clock time of a day in a zone', () => {
  it.each([
    ['2030-01-10', 'UTC', '00:00', '2030-01-10T00:00:00.000Z'],
    ['2030-01-10', 'Europe/Oslo', '14:00', '2030-01-10T13:00:00.000Z'],
    ['2030-07-10', 'Europe/Oslo', '14:00', '2030-07-10T12:00:00.000Z'],
    ['2030-01-10', 'America/New_York', '00:00', '2030-01-10T05:00:00.000Z'],
    ['2030-01-10', 'Asia/Kolkata', '00:00', '2030-01-09T18:30:00.000Z'],
    ['2030-01-10', 'Pacific/Chatham', '12:00', '2030-01-09T22:15:00.000Z'],
    ['0001-01-01', 'UTC', '00:00', '0001-01-01T00:00:00.000Z'],
    ['9999-12-31', 'UTC', '23:59', '9999-12-31T23:59:00.000Z'],
    // Clocks skipped (spring forward): read with the offset before the change, so the time lands after it.
    ['2030-03-10', 'America/New_York', '02:30', '2030-03-10T07:30:00.000Z'],
    ['2030-03-31', 'Europe/Oslo', '02:30', '2030-03-31T01:30:00.000Z'],
    // Santiago skips its midnight: the day starts at 01:00.
    ['2030-09-08', 'America/Santiago', '00:00', '2030-09-08T04:00:00.000Z'],
    // Clocks turned back (fall back): the first of the two.
    ['2030-11-03', 'America/New_York', '01:30', '2030-11-03T05:30:00.000Z'],
    ['2030-10-27', 'Europe/Oslo', '02:30', '2030-10-27T00:30:00.000Z'],
    // Next to a change, a time that happens once.
    ['2030-03-10', 'America/New_York', '03:00', '2030-03-10T07:00:00.000Z'],
    ['2030-11-03', 'America/New_York', '02:00', '2030-11-03T07:00:00.000Z'],
  ])('%s %s at %s', (day, zone, time, iso) => {
    expect(instantOf(day, zone, time).toISOString()).toBe(iso);
  });

  it('gives back the wall clock it was asked for, in every zone, on every hour that happens once', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      for (const day of ['2030-01-15', '2030-07-15']) {
        for (const time of ['00:00', '09:30', '23:45']) {
          const at = instantOf(day, zone, time);
          const shown = new Intl.DateTimeFormat('sv-SE', {
            timeZone: zone,
            dateStyle: 'short',
            timeStyle: 'short',
          }).format(at);
          expect(`${zone} ${shown}`).toBe(`${zone} ${day} ${time}`);
        }
      }
    }
  });

  it('throws on an unknown zone or a malformed time', () => {
    expect(() => instantOf('2030-01-10', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => instantOf('2030-01-10', 'UTC', '25:00')).toThrow(RangeError);
  });
});

describe('zoneOffsetMinutes: how far a zone is ahead of UTC', () => {
  it.each([
    ['UTC', '2030-01-10T12:00:00Z', 0],
    ['Europe/Oslo', '2030-01-10T12:00:00Z', 60],
    ['Europe/Oslo', '2030-07-10T12:00:00Z', 120],
    ['America/New_York', '2030-01-10T12:00:00Z', -300],
    ['America/New_York', '2030-03-10T06:59:59Z', -300],
    ['America/New_York', '2030-03-10T07:00:00Z', -240],
    ['Asia/Kathmandu', '2030-01-10T12:00:00Z', 345],
    ['Pacific/Kiritimati', '2030-01-10T12:00:00Z', 840],
    ['Pacific/Pago_Pago', '2030-01-10T12:00:00Z', -660],
  ])('%s at %s: %i', (zone, instant, minutes) => {
    expect(zoneOffsetMinutes(zone, new Date(instant))).toBe(minutes);
    expect(zoneOffsetMinutes(zone, Date.parse(instant) + 999)).toBe(minutes);
  });

  it('throws on an unknown zone', () => {
    expect(() => zoneOffsetMinutes('Mars/Olympus', 0)).toThrow(RangeError);
  });
});

describe('isoWeekday: Monday 1 … Sunday 7', () => {
  it.each([
    ['2030-01-07', 1],
    ['2030-01-12', 6],
    ['2030-01-13', 7],
    ['2028-02-29', 2],
    ['2030-03-31', 7],
  ] as const)('%s is weekday %i', (day, weekday) => {
    expect(isoWeekday(day)).toBe(weekday);
  });
});

describe('the day arithmetic agrees with date-fns over the calendar', () => {
  // The arithmetic is plain numbers on the UTC calendar; date-fns (local dates) is the reference it replaced.
  it.each(['UTC', 'Pacific/Apia', 'America/Santiago'])(
    'every 97th day from 0001 to 9999, the device in %s',
    (zone) => {
      process.env.TZ = zone;
      const fromNumber = (n: number) => {
        const d = new Date(0);
        d.setUTCFullYear(1, 0, 1 + n);
        return d.toISOString().slice(0, 10);
      };
      for (let n = 0; n < 3_652_000; n += 97) {
        const day = fromNumber(n);
        const local = new Date(0);
        local.setFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
        local.setHours(0, 0, 0, 0);
        expect(isoWeekday(day)).toBe(getISODay(local));
        if (n % (97 * 20) === 0 && n < 3_651_000) {
          const later = fromNumber(n + 400);
          expect(daysBetween(day, later)).toBe(400);
          expect(addDays(later, -400)).toBe(day);
          const month = addMonths(local, 5);
          expect(monthOf(day, 5)).toEqual({
            from: lightFormat(startOfMonth(month), 'yyyy-MM-dd'),
            to: lightFormat(endOfMonth(month), 'yyyy-MM-dd'),
          });
        }
      }
    },
  );
});
