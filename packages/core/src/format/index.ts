export * from './format.js';
export * from './parseNumber.js';
