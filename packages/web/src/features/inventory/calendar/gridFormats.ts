import type { Day } from '@tern/core/dates';
import { formatAmount } from '@tern/core/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridRow } from './calendarModel';

/**
 * The inventory grid's words: dates, row titles and what a cell says, in the page's language. A year of days is
 * formatted once each (the `Intl` formats are the grid's costliest calls: a few hundred cells are drawn at a time).
 * Prices are written with the decimals of `currency` (the property's), counts and stays as whole numbers.
 */
export function useFormats(currency: string) {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const at = (day: Day) => new Date(`${day}T00:00:00Z`);
    const weekdayFormat = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
    const monthFormat = new Intl.DateTimeFormat(i18n.language, {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const fullFormat = new Intl.DateTimeFormat(i18n.language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const once = <K, V>(make: (key: K) => V) => {
      const made = new Map<K, V>();
      return (key: K): V => {
        let value = made.get(key);
        if (value === undefined) {
          value = make(key);
          made.set(key, value);
        }
        return value;
      };
    };
    const rowLabel = (row: GridRow) => {
      if (row.kind === 'occupancy') return t('inventory.rows.occupancy', { count: row.adults ?? 1 });
      if (row.kind === 'price')
        return row.plan?.sellMode === 'per_person'
          ? t('inventory.rows.price_per_adult')
          : t('inventory.rows.price_per_room');
      return t(`inventory.rows.${row.kind}`);
    };
    const flags = {
      on: t('inventory.flags.on'),
      off: t('inventory.flags.off'),
      noMaxStay: t('inventory.no_max_stay'),
      noPrice: t('inventory.no_price'),
    };
    const flagText = once((kind: GridRow['kind']) => t(`inventory.flags.${kind}`));
    const priceText = once((value: number) => formatAmount(value, currency, i18n.language));
    const isPrice = (kind: GridRow['kind']) => kind === 'price' || kind === 'occupancy';
    /** The cell's words: what it shows, and what a screen reader says. */
    const cellText = (
      kind: GridRow['kind'],
      value: number | boolean | null,
    ): { text: string; spoken: string } => {
      if (typeof value === 'boolean')
        return value ? { text: flagText(kind), spoken: flags.on } : { text: '', spoken: flags.off };
      if (value === null) return { text: '–', spoken: kind === 'maxStay' ? flags.noMaxStay : flags.noPrice };
      const text = isPrice(kind) ? priceText(value) : String(value);
      return { text, spoken: text };
    };
    return {
      day: (day: Day) => String(Number(day.slice(8))),
      weekday: once((day: Day) => weekdayFormat.format(at(day))),
      month: once((day: Day) => monthFormat.format(at(day))),
      full: once((day: Day) => fullFormat.format(at(day))),
      rowLabel,
      rowName: (row: GridRow) => [row.unit.title, row.plan?.title, rowLabel(row)].filter(Boolean).join(' · '),
      cellText,
      loading: t('inventory.loading_month'),
      inherited: t('inventory.inherited'),
      failed: t('inventory.month_failed'),
    };
  }, [t, i18n.language, currency]);
}

export type Formats = ReturnType<typeof useFormats>;
