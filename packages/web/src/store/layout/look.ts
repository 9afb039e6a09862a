import type { Storefront } from '@tern/sdk/contract';
import type { CSSProperties } from 'react';

/**
 * A store's look as CSS custom properties on the store's frame (document 3 §3 "Store settings", L70): its
 * title and text fonts (names from the shipped set, with the system's sans-serif behind them), its tag colour
 * and its corner style. store.css reads only these properties.
 */
export function storeLook(settings: Storefront['settings']): CSSProperties {
  const family = (font: string | null) => (font ? `"${font}", var(--font-sans)` : 'var(--font-sans)');
  return {
    '--store-title-font': family(settings.titleFont),
    '--store-text-font': family(settings.textFont),
    '--store-tag': settings.tagColor || '#0F1015',
    '--store-radius': settings.cornerStyle === 'sharp' ? '0' : '12px',
  } as CSSProperties;
}
