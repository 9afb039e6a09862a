import type { Failure } from '@tern/core/errorWords';

// How the inventory page and its calendar frame speak: the page opens the calendar on its own path with the
// one-time token and the property id in the URL's fragment (never sent to a server, and removed by the
// calendar as soon as it reads them); the calendar tells the page, by a message to its own origin, when it
// could not use the token or its session ended, so the page can offer to open it again (M22's `frame.failed`).

/** The calendar's own page (core route `inventoryCalendar`, drawn without the app's frame). */
export const CALENDAR_PATH = '/inventory/calendar';

const MESSAGE = 'tern:inventory-calendar';

export interface FrameFailed {
  type: typeof MESSAGE;
  event: 'failed';
  error: Failure;
}

export interface CalendarParams {
  token: string;
  propertyId: string;
}

/** The frame's address for a token and a property. */
export function calendarUrl({ token, propertyId }: CalendarParams): string {
  return `${CALENDAR_PATH}#${new URLSearchParams({ token, property: propertyId })}`;
}

/** The token and property id of a calendar URL's fragment, or `null` when either is missing. */
export function readCalendarParams(hash: string): CalendarParams | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  const propertyId = params.get('property');
  return token && propertyId ? { token, propertyId } : null;
}

export function frameFailed(error: Failure): FrameFailed {
  return {
    type: MESSAGE,
    event: 'failed',
    error: { code: error.code, params: error.params, message: error.message },
  };
}

/** A well-formed message of the calendar (the page also checks that it came from its own frame and origin). */
export function isFrameFailed(data: unknown): data is FrameFailed {
  if (!data || typeof data !== 'object') return false;
  const m = data as Partial<FrameFailed>;
  return (
    m.type === MESSAGE &&
    m.event === 'failed' &&
    typeof m.error === 'object' &&
    m.error !== null &&
    typeof m.error.message === 'string' &&
    (m.error.code === null || typeof m.error.code === 'string')
  );
}
