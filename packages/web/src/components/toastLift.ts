import { useEffect, useRef } from 'react';

/** What the lift reads of a toast queue: what is on screen, and when that changes. */
interface ShownToasts {
  readonly visibleToasts: readonly unknown[];
  subscribe(fn: () => void): () => void;
}

/** The bars notifications must not cover: every form's buttons (FormFrame's bar, sticky at the bottom). */
export const ACTION_BAR_SELECTOR = '.admin-form__actions';
/** The space kept between a lifted notification and the bar under it, in px. */
const LIFT_GAP = 8;

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * How far above the window's bottom edge the notifications' column must end (px) so that it covers none of the
 * bars, or `null` when it may stay where its style puts it. `region` is the column where its style puts it
 * (`restOffset` above the bottom); a bar counts when it is on screen, beside the column (their sides overlap) and
 * reaches into the column's height — a bar higher up the window is left alone, the column does not climb over it.
 */
export function toastLift(
  region: Box,
  bars: readonly Box[],
  viewportHeight: number,
  restOffset: number,
): number | null {
  let lift: number | null = null;
  for (const bar of bars) {
    const beside = bar.right > region.left && bar.left < region.right;
    const onScreen = bar.bottom > 0 && bar.top < viewportHeight && bar.bottom > bar.top;
    const under = bar.bottom > region.top && bar.top < viewportHeight - restOffset;
    if (!beside || !onScreen || !under) continue;
    const needed = viewportHeight - bar.top + LIFT_GAP;
    if (needed > restOffset && needed > (lift ?? 0)) lift = needed;
  }
  return lift;
}

/**
 * Keeps the toast region (the ref returned) above the forms' action bars while notifications are shown: placed
 * again when one arrives or leaves, when the window scrolls or resizes, and when the page changes (a drawer opens,
 * a form's bar appears), at most once per frame.
 */
export function useLiftOverActionBars(queue: ShownToasts) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    const place = () => {
      frame = 0;
      const region = ref.current;
      if (!region) return;
      region.style.removeProperty('inset-block-end');
      const rest = region.getBoundingClientRect();
      const viewportHeight = window.innerHeight;
      const bars = [...document.querySelectorAll(ACTION_BAR_SELECTOR)].map((bar) =>
        bar.getBoundingClientRect(),
      );
      const lift = toastLift(rest, bars, viewportHeight, viewportHeight - rest.bottom);
      if (lift !== null) region.style.setProperty('inset-block-end', `${lift}px`);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(place);
    };
    const observer = new MutationObserver(schedule);
    const watch = () => {
      observer.disconnect();
      window.removeEventListener('scroll', schedule, true);
      window.removeEventListener('resize', schedule);
      if (queue.visibleToasts.length === 0) return;
      observer.observe(document.body, { childList: true, subtree: true });
      window.addEventListener('scroll', schedule, true);
      window.addEventListener('resize', schedule);
      schedule();
    };
    const unsubscribe = queue.subscribe(watch);
    watch();
    return () => {
      unsubscribe();
      observer.disconnect();
      window.removeEventListener('scroll', schedule, true);
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [queue]);
  return ref;
}
