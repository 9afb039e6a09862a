export * from './validationWords.js';
