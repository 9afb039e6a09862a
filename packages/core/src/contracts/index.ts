export * from './contractActionsMachine.js';
export * from './contractFormActors.js';
export * from './contractFormMachine.js';
export * from './contracts.js';
export * from './contractsPageMachine.js';
