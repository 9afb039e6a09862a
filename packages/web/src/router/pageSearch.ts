import { createContext, useContext } from 'react';

/**
 * The current page's search params, read by its route's `validateSearch` (`search.ts`). Screens read them
 * here rather than through TanStack Router's `useSearch`, so a screen can also be drawn before the router has
 * loaded: the sign-in page is (`app/FirstLoad.tsx`), its chunk then needs no router code.
 */
export const PageSearchContext = createContext<object>({});

export function usePageSearch<T extends object>(): T {
  return useContext(PageSearchContext) as T;
}
