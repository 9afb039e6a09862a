import { propertiesPage } from '@tern/core/redemption';
import type { GiftCard } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/Pager';

/**
 * The card details' property list (document 3 §2.3): the hotels a multi-property card is redeemed at, 5 a page
 * (core's `propertiesPage`, the redemption pages' rule) with a pager; nothing for a card of one property or none.
 */
export function CardProperties({ card }: { card: GiftCard }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  if (!card.multiProperty) return null;
  const { items: shown, pages } = propertiesPage(card.properties, page);
  return (
    <section className="stack" aria-labelledby="card-properties">
      <h3 id="card-properties">{t('gift_card_orders.properties.heading')}</h3>
      {shown.length ? (
        <ul aria-labelledby="card-properties">
          {shown.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : (
        <p>{t('gift_card_orders.properties.none')}</p>
      )}
      <Pager label={t('gift_card_orders.properties.pages')} page={page} pages={pages} onChange={setPage} />
    </section>
  );
}
