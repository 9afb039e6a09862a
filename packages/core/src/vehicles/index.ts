export * from './vehicleQueryMachine.js';
