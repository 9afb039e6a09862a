import type { GiftCard } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../components/Pager';
import { pagesOf } from '../lists/useListPage';

/** The hotels of a multi-property card shown at once in its details (document 3 §2.3: 5 a page). */
export const CARD_PROPERTIES_PAGE_SIZE = 5;

/**
 * The card details' property list (document 3 §2.3): the hotels a multi-property card is redeemed at, 5 a page
 * with a pager; nothing for a card of one property or none.
 */
export function CardProperties({ card }: { card: GiftCard }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  if (!card.multiProperty) return null;
  const pages = pagesOf({ total: card.properties.length, limit: CARD_PROPERTIES_PAGE_SIZE });
  const shown = card.properties.slice(
    (page - 1) * CARD_PROPERTIES_PAGE_SIZE,
    page * CARD_PROPERTIES_PAGE_SIZE,
  );
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
