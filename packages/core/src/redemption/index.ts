export * from './cancelMachine.js';
export * from './redemptionMachine.js';
export * from './rules.js';
export * from './words.js';
