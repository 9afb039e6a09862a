import type { RecipientField, StoreCheckoutEvent, storeCheckoutMachine } from '@tern/core/store';
import type { Storefront } from '@tern/sdk/contract';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { Field } from './Field';

type Snapshot = SnapshotFrom<typeof storeCheckoutMachine>;

const letterFields: Array<[RecipientField, string, string]> = [
  ['deliveryName', 'checkout.delivery_name', 'name'],
  ['deliveryAddress', 'checkout.delivery_address', 'street-address'],
  ['deliveryZipCode', 'checkout.delivery_zip', 'postal-code'],
  ['deliveryCity', 'checkout.delivery_city', 'address-level2'],
  ['deliveryState', 'checkout.delivery_state', 'address-level1'],
  ['deliveryCountry', 'checkout.delivery_country', 'country-name'],
];

/** Step 1 (M31 `recipientInfo`): one recipient per card, each with a delivery the cart offers. */
export function RecipientsStep({
  snapshot,
  send,
  storefront,
}: {
  snapshot: Snapshot;
  send: (event: StoreCheckoutEvent) => void;
  storefront: Storefront;
}) {
  const { t } = useTranslation();
  const { recipients, recipientErrors, offered } = snapshot.context;
  const titleOf = (typeId: string) => storefront.types.find((x) => x.id === typeId)?.title ?? '';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'step.next' });
      }}
    >
      {recipients.map((r, index) => {
        const errors = recipientErrors[index] ?? {};
        const change = (field: RecipientField) => (value: string) =>
          send({ type: 'recipient.change', index, field, value });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a recipient is its card's place in the cart
          <fieldset key={index} className="store-fieldset">
            <legend>
              {t('checkout.card_legend', {
                index: index + 1,
                count: recipients.length,
                title: titleOf(r.typeId),
              })}
            </legend>
            <Field
              label={t('checkout.name')}
              name={`recipients.${index}.name`}
              value={r.name}
              error={errors.name}
              onValue={change('name')}
            />
            <fieldset className="store-choice">
              <legend>{t('checkout.delivery')}</legend>
              {offered.map((delivery) => (
                <label key={delivery}>
                  <input
                    type="radio"
                    name={`recipients.${index}.delivery`}
                    value={delivery}
                    checked={r.delivery === delivery}
                    onChange={() => send({ type: 'recipient.delivery', index, delivery })}
                  />
                  {t(`checkout.delivery_${delivery}`)}
                </label>
              ))}
            </fieldset>
            {r.delivery === 'email' ? (
              <Field
                label={t('checkout.email')}
                name={`recipients.${index}.email`}
                type="email"
                value={r.email}
                error={errors.email}
                onValue={change('email')}
              />
            ) : null}
            {r.delivery === 'letter'
              ? letterFields.map(([field, label, autoComplete]) => (
                  <Field
                    key={field}
                    label={t(label)}
                    name={`recipients.${index}.${field}`}
                    autoComplete={autoComplete}
                    value={r[field]}
                    error={errors[field]}
                    onValue={change(field)}
                  />
                ))
              : null}
            {r.delivery === 'pickup' ? (
              <p className="store-note">
                {storefront.store.allowPickupAtHotelInfo || t('checkout.pickup_info')}
              </p>
            ) : null}
            <Field
              label={t('checkout.info')}
              name={`recipients.${index}.info`}
              multiline
              value={r.info}
              error={errors.info}
              onValue={change('info')}
            />
          </fieldset>
        );
      })}
      <button type="submit" className="store-button">
        {t('checkout.next')}
      </button>
    </form>
  );
}
