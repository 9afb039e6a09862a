import {
  type PromoAppliesTo as Choice,
  toggleAppliesToStore,
  toggleAppliesToType,
} from '@tern/core/promoCodes';
import type { StoreSummary } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/Checkbox';
import { Spinner } from '../../components/Spinner';
import { useApiQuery } from '../../data/useApiQuery';
import { STORES_KEY, useStores } from '../settings/storesData';

/**
 * What a promo code applies to (document 2 §3 appliesTo [storeId, giftCardTypeIds], §7 "load gift-card store
 * types"): the property's gift-card stores, and under a chosen store the gift card types it sells — none ticked
 * means every one of them. Core's `toggleAppliesToStore` / `toggleAppliesToType` make the changes.
 */
export function PromoAppliesTo({
  propertyId,
  value,
  onChange,
}: {
  propertyId: string;
  value: Choice[];
  onChange: (appliesTo: Choice[]) => void;
}) {
  const { t } = useTranslation();
  const stores = useStores(propertyId);
  const list = stores.data?.items ?? [];
  return (
    <fieldset className="field promo-applies">
      <legend className="field__label">{t('promo_codes.applies_to')}</legend>
      {stores.isPending ? <Spinner size="sm" label={t('promo_codes.applies_to_loading')} /> : null}
      {stores.data && list.length === 0 ? (
        <p className="field__description">{t('promo_codes.applies_to_none')}</p>
      ) : (
        <p className="field__description">{t('promo_codes.applies_to_hint')}</p>
      )}
      {list.map((store) => (
        <StoreChoice
          key={store.id}
          propertyId={propertyId}
          store={store}
          chosen={value.find((a) => a.storeId === store.id) ?? null}
          onStore={(on) => onChange(toggleAppliesToStore(value, store.id, on))}
          onType={(typeId, on) => onChange(toggleAppliesToType(value, store.id, typeId, on))}
        />
      ))}
    </fieldset>
  );
}

function StoreChoice({
  propertyId,
  store,
  chosen,
  onStore,
  onType,
}: {
  propertyId: string;
  store: StoreSummary;
  chosen: Choice | null;
  onStore: (on: boolean) => void;
  onType: (typeId: string, on: boolean) => void;
}) {
  const { t } = useTranslation();
  // The store's types (its settings' list, by priority), read once the store is chosen.
  const one = useApiQuery(
    [STORES_KEY, 'one', store.id],
    (client, signal) => client.stores.get({ params: { id: store.id }, query: { propertyId } }, { signal }),
    { enabled: chosen !== null },
  );
  const types = one.data?.storeGiftCardTypes ?? [];
  return (
    <div className="promo-applies__store">
      <Checkbox isSelected={chosen !== null} onChange={onStore}>
        {store.name}
      </Checkbox>
      {chosen ? (
        <fieldset className="promo-applies__types">
          <legend className="visually-hidden">
            {t('promo_codes.applies_to_types', { store: store.name })}
          </legend>
          {one.isPending ? <Spinner size="sm" label={t('promo_codes.applies_to_loading')} /> : null}
          {one.data && types.length === 0 ? (
            <p className="field__description">{t('promo_codes.applies_to_no_types')}</p>
          ) : null}
          {types.map((type) => (
            <Checkbox
              key={type.id}
              isSelected={chosen.giftCardTypeIds.includes(type.id)}
              onChange={(on) => onType(type.id, on)}
            >
              {type.giftCardTypeTitle}
            </Checkbox>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
