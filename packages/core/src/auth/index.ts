export * from './changePasswordMachine.js';
export * from './managers.js';
export * from './resetTokenMachine.js';
export * from './rules.js';
export * from './signInMachine.js';
