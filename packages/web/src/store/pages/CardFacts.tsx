import { formatDay, formatMoney } from '@tern/core/format';
import { discountPercent } from '@tern/core/store';
import type { StorefrontType } from '@tern/sdk/contract';
import { useTranslation } from 'react-i18next';
import { useStore } from '../context';

/** A type's price in the store's currency and language (core's `formatMoney`: the currency's own decimals). */
export function useMoney(): (amount: number) => string {
  const { storefront, locale } = useStore();
  return (amount) => formatMoney(amount, storefront.property.currency, locale);
}

/**
 * A card's price: what it costs now, with the price before and the discount when it is at least 1 % (core's
 * `discountPercent`, document 3 §9).
 */
export function CardPrice({ type }: { type: StorefrontType }) {
  const { t } = useTranslation();
  const money = useMoney();
  const percent = discountPercent(type);
  return (
    <p className="store-price">
      <strong>{money(type.netPrice)}</strong>
      {percent ? (
        <>
          {' '}
          <span className="visually-hidden">{t('store.was', { price: money(type.price) })}</span>
          <s className="store-price__was" aria-hidden="true">
            {money(type.price)}
          </s>{' '}
          <span className="store-tag">{t('store.discount', { percent })}</span>
        </>
      ) : null}
    </p>
  );
}

/** How long a card of the type is valid (its period or its last day), its nights and hotels. */
export function CardValidity({ type }: { type: StorefrontType }) {
  const { t } = useTranslation();
  const validity =
    type.expirationType === 1 && type.absoluteExpirationDate
      ? t('validity.absolute', { date: formatDay(type.absoluteExpirationDate) })
      : type.expirationDuration && type.expirationDurationUnit
        ? t(`validity.${type.expirationDurationUnit}`, { count: type.expirationDuration })
        : null;
  return (
    <ul className="store-facts">
      {validity ? <li>{validity}</li> : null}
      {type.lengthOfStay ? <li>{t('validity.nights', { count: type.lengthOfStay })}</li> : null}
      {type.hotelNames.length > 0 ? (
        <li>{t('validity.hotels', { hotels: type.hotelNames.join(', ') })}</li>
      ) : null}
    </ul>
  );
}

/** The words of a type's rich description (HTML, sanitised by the server), at most `max` characters. */
export function descriptionPreview(html: string, max = 120): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
