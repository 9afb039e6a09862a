import type { Place } from '@tern/sdk';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComboBoxItem } from '../../components/ComboBox';
import { useServices } from '../../session/SessionContext';
import { bookingApi, type Kind } from './api';
import { countryName } from './countries';

/** Document 1 §9: input is debounced 500 ms. */
export const INPUT_DEBOUNCE_MS = 500;

/**
 * Destination suggestions for a typed term (`places`, document 1 §7), asked 500 ms after the last
 * keystroke; an older answer never replaces a newer one.
 */
export function usePlaces(kind: Kind, term: string, enabled = true) {
  const { client } = useServices();
  const { t } = useTranslation();
  const [places, setPlaces] = useState<Place[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      bookingApi(client)
        .places(kind, term.trim(), controller.signal)
        .then((found) => {
          if (!controller.signal.aborted) setPlaces(found);
        })
        .catch(() => {
          if (!controller.signal.aborted) setPlaces([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, INPUT_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, kind, term, enabled]);
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
