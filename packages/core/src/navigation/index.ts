export * from './features.js';
export * from './guards.js';
export * from './menu.js';
export * from './routes.js';
