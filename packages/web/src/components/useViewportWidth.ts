import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The window's width, following resizes. */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 1280,
  );
}

/** The phone breakpoint of UI.md: at 640 px or less, one column and one month. */
export const PHONE_MAX_WIDTH = 640;
