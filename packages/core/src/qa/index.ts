export * from './catalogue.js';
export * from './examples.js';
export * from './live.js';
export * from './mermaid.js';
export * from './plain.js';
export * from './simulation.js';
export * from './structure.js';
