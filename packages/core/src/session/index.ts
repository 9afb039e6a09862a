export * from './rules.js';
export * from './sessionMachine.js';
