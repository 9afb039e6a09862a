import { type RefCallback, useCallback } from 'react';

/**
 * A ref that makes its element `inert` (no focus, no clicks, hidden from assistive technology) while `on`: set
 * through the DOM, since React 18 passes no `inert` prop through.
 */
export function useInert<T extends HTMLElement>(on: boolean): RefCallback<T> {
  return useCallback(
    (element: T | null) => {
      if (element) element.inert = on;
    },
    [on],
  );
}
