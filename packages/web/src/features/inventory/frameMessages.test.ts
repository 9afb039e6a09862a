import { describe, expect, it } from 'vitest';
import { CALENDAR_PATH, calendarUrl, frameFailed, isFrameFailed, readCalendarParams } from './frameMessages';

describe('the calendar frame’s address and messages', () => {
  it('carries the token and the property in the fragment, and reads them back', () => {
    const url = calendarUrl({ token: 'a+b/c=', propertyId: 'p-1' });
    expect(url.startsWith(`${CALENDAR_PATH}#`)).toBe(true);
    expect(url).not.toContain('?');
    expect(readCalendarParams(new URL(url, 'http://x').hash)).toEqual({ token: 'a+b/c=', propertyId: 'p-1' });
    expect(readCalendarParams('#token=abc')).toBeNull();
    expect(readCalendarParams('')).toBeNull();
  });

  it('knows its own failure message and nothing else', () => {
    const message = frameFailed({ code: 'one_time_token_invalid', params: {}, message: 'used' });
    expect(isFrameFailed(message)).toBe(true);
    expect(isFrameFailed(JSON.parse(JSON.stringify(message)))).toBe(true);
    expect(isFrameFailed({ ...message, type: 'other' })).toBe(false);
    expect(isFrameFailed({ ...message, error: { code: 1, message: 'x' } })).toBe(false);
    expect(isFrameFailed('failed')).toBe(false);
    expect(isFrameFailed(null)).toBe(false);
  });
});
