import type { ShippedFontList, Storefront } from '@tern/sdk/contract';
import { useEffect } from 'react';

/**
 * The store's title and text fonts (document 2 §9's list), drawn from the files the server ships — the same
 * `GET /api/v1/fonts` list the back office's PDF preview loads its faces from — added to `document.fonts` under
 * the family's name, regular and bold. Until a face arrives (or for a family the server does not ship) the
 * system's sans-serif draws (`look.ts` puts it behind each family).
 */
export function useStoreFonts(settings: Storefront['settings'], baseUrl = window.location.origin): void {
  const { titleFont, textFont } = settings;
  useEffect(() => {
    const wanted = [
      ...new Set([titleFont, textFont].filter((font): font is NonNullable<typeof font> => !!font)),
    ];
    if (wanted.length === 0 || typeof FontFace === 'undefined' || !document.fonts) return;
    const controller = new AbortController();
    fetch(`${baseUrl}/api/v1/fonts`, { headers: { accept: 'application/json' }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<ShippedFontList>) : null))
      .then((list) => {
        for (const family of list?.families ?? []) {
          if (!wanted.includes(family.family as (typeof wanted)[number])) continue;
          for (const [weight, url] of [
            ['400', family.regular],
            ['700', family.bold],
          ] as const) {
            const face = new FontFace(family.family, `url("${url}") format("woff")`, {
              weight,
              style: 'normal',
            });
            document.fonts.add(face);
            void face.load().catch(() => undefined);
          }
        }
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [titleFont, textFont, baseUrl]);
}
