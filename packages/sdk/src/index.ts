export * from './case.js';
export * from './client.js';
export * from './contract/index.js';
export * from './errorCatalogue.js';
export * from './errors.js';
export * from './pagination.js';
export * from './query.js';
export * from './wire.js';
