export * from './forms.js';
export * from './lifecycleMachine.js';
export * from './publicMachine.js';
export * from './saveMachine.js';
