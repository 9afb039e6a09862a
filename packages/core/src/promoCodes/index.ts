export * from './promoCodes.js';
