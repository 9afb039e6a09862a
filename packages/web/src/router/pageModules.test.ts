import { describe, expect, it } from 'vitest';
import { pageModules } from './pageModules';
import { screens } from './screens';

describe('pageModules', () => {
  it('has the module of every lazy screen, so the entry can preload any page the router draws', () => {
    // `notFound` is drawn at once (not lazy): nothing to preload.
    const lazyScreens = Object.keys(screens).filter((id) => id !== 'notFound');
    expect(lazyScreens.filter((id) => !(id in pageModules))).toEqual([]);
  });
});
