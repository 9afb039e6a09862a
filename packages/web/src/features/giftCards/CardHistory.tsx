import type { GiftCard, GiftCardHistoryEntry } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../components/Skeleton';
import { useApiQuery } from '../../data/useApiQuery';
import { usePropertyFormats } from '../../session/usePropertyFormats';
import { GIFT_CARDS_KEY } from './GiftCardTypesPage';

/** The actions the history names in words; any other shows as recorded. */
const NAMED = ['send_email', 'emailed', 'markUsed', 'markUnused', 'markDelivered', 'cancelBooking', 'update'];

/** An entry's words: what was done (an e-mail sent names its address). */
function useEntryText() {
  const { t } = useTranslation();
  return (e: GiftCardHistoryEntry) =>
    NAMED.includes(e.action)
      ? t(`gift_card_orders.history.actions.${e.action}`, { email: String(e.changes.email?.to ?? '') })
      : e.action;
}

/**
 * A card's history in its details drawer (issue 24): its audit trail, newest first — each mail asked for and
 * sent, marks and edits — with when (the property's clock) and who (a person, or Tern for its jobs).
 */
export function CardHistory({ card, propertyId }: { card: GiftCard; propertyId: string }) {
  const { t } = useTranslation();
  const formats = usePropertyFormats();
  const text = useEntryText();
  const history = useApiQuery([GIFT_CARDS_KEY, 'history', card.id], (client, signal) =>
    client.giftCards.history({ params: { id: card.id }, query: { propertyId } }, { signal }),
  );
  const items = history.data?.items;
  return (
    <section aria-labelledby={`history-${card.id}`} className="card-history">
      <h3 id={`history-${card.id}`}>{t('gift_card_orders.history.title')}</h3>
      {history.error ? (
        <p role="alert">{t('general.error_message')}</p>
      ) : !items ? (
        <LoadingSkeleton label={t('gift_card_orders.history.loading')} />
      ) : items.length === 0 ? (
        <p>{t('gift_card_orders.history.empty')}</p>
      ) : (
        <ol className="card-history__list">
          {items.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at}>{formats.instant(e.at)}</time> · {text(e)} ·{' '}
              {e.actorName ?? e.actorEmail ?? t('gift_card_orders.history.by_system')}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
