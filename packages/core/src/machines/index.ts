export * from './catalogue.js';
export * from './mermaid.js';
export * from './structure.js';
