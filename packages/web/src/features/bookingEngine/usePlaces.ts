import { keepPreviousData } from '@tanstack/react-query';
import { engineCalls } from '@tern/core/bookingEngine';
import type { KindSegment as Kind, Place } from '@tern/sdk';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComboBoxItem } from '../../components/ComboBox';
import { useApiQuery } from '../../data/useApiQuery';
import { countryName } from './countries';

/** Document 1 §9: input is debounced 500 ms. */
export const INPUT_DEBOUNCE_MS = 500;

/** `value` once it has stayed the same for `ms` while `enabled` (null before that: nothing is asked yet). */
function useSettled(value: string, ms: number, enabled: boolean): string | null {
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms, enabled]);
  return settled;
}

/**
 * Destination suggestions for a typed term (`places`, document 1 §7), asked 500 ms after the last
 * keystroke; the last answer stays until the next one comes (a superseded call is cancelled).
 */
export function usePlaces(kind: Kind, term: string, enabled = true) {
  const { t } = useTranslation();
  const typed = term.trim();
  const settled = useSettled(typed, INPUT_DEBOUNCE_MS, enabled);
  const query = useApiQuery<Place[]>(
    ['vehicles.places', kind, settled],
    (client, signal) =>
      engineCalls(client)
        .places(kind, settled ?? '', { signal })
        .then((r) => r.items),
    { enabled: enabled && settled !== null, placeholderData: keepPreviousData },
  );
  const places = useMemo(() => (query.isError ? [] : (query.data ?? [])), [query.isError, query.data]);
  const loading = enabled && (typed !== settled || query.isFetching);
  const items: ComboBoxItem[] = useMemo(
    () =>
      places.map((p) => ({
        id: p.id,
        label: p.title,
        description: [
          t(`search_form.place_kind.${p.kind}`),
          p.kind === 'country' ? null : [p.city, countryName(p.country)].filter(Boolean).join(', '),
          p.kind === 'property' ? null : t('search_form.place_count', { count: p.count }),
        ]
          .filter(Boolean)
          .join(' · '),
      })),
    [places, t],
  );
  return { places, items, loading };
}
