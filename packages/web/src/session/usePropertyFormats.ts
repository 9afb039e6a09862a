import { deviceTimeZone } from '@tern/core/dates';
import { formatAmount, formatInstant, formatInstantDay, formatMoney } from '@tern/core/format';
import { useTranslation } from 'react-i18next';
import { useSelectedProperty } from './SelectedProperty';

export interface PropertyFormats {
  /** An amount in the property's currency, with its code and decimals (`12.500 ISK`). */
  money: (amount: number | null | undefined) => string;
  /** An instant on the property's wall clock: `DD/MM/YYYY HH:mm`. */
  instant: (iso: string | null | undefined) => string;
  /** The property's day of an instant: `DD/MM/YYYY` (a list's "created" column). */
  instantDay: (iso: string | null | undefined) => string;
}

/**
 * core's formatters bound to the selected property's currency and zone and the screen's language. A session
 * stored before the property's currency was sent shows amounts without a code until it is restored.
 */
export function usePropertyFormats(): PropertyFormats {
  const { i18n } = useTranslation();
  const { property } = useSelectedProperty();
  const locale = i18n.language;
  const currency = property?.currency;
  const zone = property?.timezone ?? deviceTimeZone();
  return {
    money: (amount) => (currency ? formatMoney(amount, currency, locale) : formatAmount(amount, '', locale)),
    instant: (iso) => formatInstant(iso, zone),
    instantDay: (iso) => formatInstantDay(iso, zone),
  };
}
