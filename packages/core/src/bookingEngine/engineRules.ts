/**
 * The booking engine's screen rules (document 1 §2, §3, §5, §9), one module per concern; this file only
 * gathers them so older imports keep working. Import from the module itself in new code.
 */

export { addDays, nightsBetween, todayIso } from '../dates/dates.js';
export * from './bookingQuery.js';
export * from './cancellationDeadline.js';
export * from './carSearch.js';
export * from './contactRules.js';
export * from './currencies.js';
export { spansClosedNight } from './datePicker.js';
export * from './format.js';
export * from './guests.js';
export * from './occupancy.js';
export * from './payloads.js';
export * from './rateSelection.js';
export * from './searchTarget.js';
