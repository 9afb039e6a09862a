// First: react-aria reads whether Element.checkVisibility exists when it loads (jsdom has none).
import './checkVisibility';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { provideErrorWords } from '../src/app/errorWords';
import { toasts } from '../src/components/Toast';

// The API's error words, as the SDK's chunk gives them (tests with a ready client never load it).
provideErrorWords();

// Every screen is a lazy route chunk: the first visit of a screen in a test file imports (and transforms) its
// modules while the test waits for it, which takes more than a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: the router's scroll restoration and RAC's popovers call these.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom has no CSS.escape (react-aria reads meta tags with it).
const css = (globalThis as { CSS?: { escape?: (value: string) => string } }).CSS ?? {};
css.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
(globalThis as { CSS?: unknown }).CSS = css;

afterEach(() => {
  cleanup();
  // Test files share a worker's modules and globals (vitest.config.ts, isolate: false): what a test stubbed,
  // spied on or faked ends with it.
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  toasts.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The Performance API's marks and measures are the process's (the calendar measures each month it loads).
  performance.clearMarks();
  performance.clearMeasures();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
