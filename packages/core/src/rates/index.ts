export * from './bulkEdit.js';
export * from './inventoryFrameMachine.js';
export * from './nightRate.js';
export * from './planNights.js';
export * from './ratePlanFormMachine.js';
export * from './ratePlans.js';
export * from './sellMode.js';
export * from './units.js';
