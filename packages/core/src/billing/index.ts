export * from './paymentLockMachine.js';
