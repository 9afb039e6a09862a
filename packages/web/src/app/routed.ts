/**
 * The router and the pages it draws: a chunk of its own, loaded by `FirstLoad.tsx` as soon as a page needs
 * it (at once on every page but the sign-in page, which draws first and loads it after).
 */

export { createAppRouter } from '../router/router';
export { RoutedApp } from './App';
