export * from './bookingDetailsMachine.js';
export * from './bookingEdits.js';
export * from './bookingsList.js';
export * from './bookingsListMachine.js';
export * from './changeability.js';
