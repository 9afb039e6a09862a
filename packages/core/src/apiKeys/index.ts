export * from './apiKeys.js';
