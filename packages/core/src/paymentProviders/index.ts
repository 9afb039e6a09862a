export * from './paymentProviders.js';
