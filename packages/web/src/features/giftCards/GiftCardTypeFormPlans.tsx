import { formatMoney } from '@tern/core/format';
import {
  atOtherHotel,
  chooseRate,
  type GiftCardTypeForm as Form,
  newUpsellRow,
  otherHotelsOf,
  planPropertyOf,
  rateOf,
  toggleTypeProperty,
  typePropertiesOf,
  type UpsellChoice,
} from '@tern/core/giftCards';
import { GIFT_CARD_MULTI } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { NumberField } from '../../components/NumberField';
import { Select } from '../../components/Select';
import { useSelectedProperty } from '../../session/SelectedProperty';
import { useRatePlansOf, useUnits } from '../settings/rooms/roomsData';

const NONE = '-';

export interface PlansProps {
  /** The type's own property (the selected one). */
  propertyId: string;
  form: Form;
  disabled: boolean;
  /** A field's error in words, or `null`. */
  error: (field: string) => string | null;
  set: (change: Partial<Form>) => void;
}

/**
 * The type's rate plans (document 3 §2.3, §5): for a multi-property type the properties it is redeemed at (the
 * user's, its own always), then per property a rate plan per room type, then the upsell rows (a plan and its
 * price). Core's `typeFormPlans` makes every change; its rules name the errors.
 */
export function TypeRatePlans({ propertyId, form, disabled, error, set }: PlansProps) {
  const { t, i18n } = useTranslation();
  const { properties, property } = useSelectedProperty();
  // An upsell is paid where its stay is booked: its price is in the currency of the row's hotel, with its
  // decimals (ISK none, KWD 3) — the type's own property's for a single-property type. A saved row says its
  // hotel's currency (a hotel the user does not work at is not in their list); a row being chosen takes it from
  // the user's hotels.
  const currencyOf = (row: UpsellChoice) => {
    const id = planPropertyOf(row, propertyId);
    return (
      row.currency ??
      (id === property?.id ? property.currency : properties.find((p) => p.id === id)?.currency)
    );
  };
  const nameOf = (id: string) => properties.find((p) => p.id === id)?.name ?? id;
  const chosen = typePropertiesOf(form, propertyId);
  // Hotels of the type the user does not work at: their plans are shown as kept and sent back unchanged.
  const mine = properties.map((p) => p.id);
  const others = otherHotelsOf(form, propertyId, mine);
  const editable = chosen.filter((id) => !others.includes(id));
  const multi = form.giftcardType === GIFT_CARD_MULTI;
  return (
    <div className="stack">
      {multi ? (
        <fieldset className="field">
          <legend className="field__label">{t('gift_cards.fields.properties')}</legend>
          <p className="field__description">{t('gift_cards.fields.properties_hint')}</p>
          {properties.map((p) => (
            <Checkbox
              key={p.id}
              isSelected={chosen.includes(p.id)}
              isDisabled={disabled || p.id === propertyId}
              onChange={(on) => set(toggleTypeProperty(form, p.id, on, propertyId, mine))}
            >
              {p.name}
            </Checkbox>
          ))}
          {error('propertyIds') ? (
            <p className="field__error" role="alert">
              {error('propertyIds')}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset className="stack">
        <legend>{t('gift_cards.fields.rate_plans')}</legend>
        {editable.map((id) => (
          <PropertyRates
            key={id}
            ownPropertyId={propertyId}
            propertyId={id}
            name={multi ? nameOf(id) : null}
            form={form}
            disabled={disabled}
            error={error(`ratePlans.${id}`)}
            onChange={(ratePlans) => set({ ratePlans })}
          />
        ))}
        {others.map((id) => (
          <section
            key={id}
            className="stack gift-type-form__rates"
            aria-label={t('gift_cards.fields.other_hotel')}
          >
            <h4 className="gift-type-form__property">{t('gift_cards.fields.other_hotel')}</h4>
            <p>
              {t('gift_cards.fields.other_hotel_plans', {
                count: form.ratePlans.filter((r) => planPropertyOf(r, propertyId) === id).length,
              })}
            </p>
          </section>
        ))}
        {error('ratePlans') ? (
          <p className="field__error" role="alert">
            {error('ratePlans')}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="stack">
        <legend>{t('gift_cards.fields.upsells')}</legend>
        <p className="field__description">{t('gift_cards.fields.upsells_hint')}</p>
        {form.upsellRatePlans.map((row, i) =>
          atOtherHotel(row, propertyId, mine) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: see below
            <p key={i}>
              {t('gift_cards.fields.other_hotel_upsell', {
                number: i + 1,
                price: formatUpsellPrice(row.price, currencyOf(row), i18n.language),
              })}
            </p>
          ) : (
            <UpsellRow
              // Rows have no id of their own until chosen; their place is their key (removal re-keys the rest).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={i}
              index={i}
              ownPropertyId={propertyId}
              properties={editable.map((id) => ({ id, label: nameOf(id) }))}
              row={row}
              currency={currencyOf(row)}
              disabled={disabled}
              error={error}
              onChange={(next) =>
                set({
                  upsellRatePlans:
                    next === null
                      ? form.upsellRatePlans.filter((_, j) => j !== i)
                      : form.upsellRatePlans.map((r, j) => (j === i ? next : r)),
                })
              }
            />
          ),
        )}
        <div>
          <Button
            variant="secondary"
            isDisabled={disabled}
            onPress={() =>
              set({
                upsellRatePlans: [
                  ...form.upsellRatePlans,
                  newUpsellRow(editable[0] ?? propertyId, propertyId),
                ],
              })
            }
          >
            {t('gift_cards.fields.add_upsell')}
          </Button>
        </div>
      </fieldset>
    </div>
  );
}

/** One property's rates: a select per room type (none, or one of its rate plans). */
function PropertyRates({
  ownPropertyId,
  propertyId,
  name,
  form,
  disabled,
  error,
  onChange,
}: {
  ownPropertyId: string;
  propertyId: string;
  /** The property's name, shown on a multi-property type. */
  name: string | null;
  form: Form;
  disabled: boolean;
  error: string | null;
  onChange: (ratePlans: Form['ratePlans']) => void;
}) {
  const { t } = useTranslation();
  const units = useUnits(propertyId);
  const list = units.data ?? [];
  const plans = useRatePlansOf(
    propertyId,
    list.map((u) => u.id),
  );
  return (
    <fieldset className="stack gift-type-form__rates" aria-label={name ?? undefined}>
      {name ? <h4 className="gift-type-form__property">{name}</h4> : null}
      {units.data && list.length === 0 ? <p>{t('gift_cards.fields.no_units')}</p> : null}
      {list.map((unit) => {
        const chosen = rateOf(form.ratePlans, unit.id, propertyId, ownPropertyId);
        return (
          <Select
            key={unit.id}
            label={t('gift_cards.fields.rate_plan_of', { room: unit.title })}
            options={[
              { id: NONE, label: t('gift_cards.fields.no_rate_plan') },
              ...(plans.get(unit.id)?.data ?? []).map((p) => ({ id: p.id, label: p.title })),
            ]}
            selectedKey={chosen?.ratePlanId ?? NONE}
            onSelectionChange={(id) =>
              onChange(
                chooseRate(
                  form.ratePlans,
                  { propertyId, roomTypeId: unit.id, ratePlanId: id === NONE ? null : id },
                  ownPropertyId,
                ),
              )
            }
            isDisabled={disabled}
          />
        );
      })}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** An upsell's price in its hotel's currency, or as stored when that hotel's currency is not known here. */
const formatUpsellPrice = (price: number | null, currency: string | undefined, locale: string) =>
  currency ? formatMoney(price, currency, locale) : String(price ?? '—');

/** An upsell row: its property (multi-property), room type, rate plan and price, and its removal. */
function UpsellRow({
  index,
  ownPropertyId,
  properties,
  row,
  currency,
  disabled,
  error,
  onChange,
}: {
  index: number;
  ownPropertyId: string;
  properties: { id: string; label: string }[];
  row: UpsellChoice;
  /** The currency of the row's hotel (its decimals), when known. */
  currency: string | undefined;
  disabled: boolean;
  error: (field: string) => string | null;
  /** The changed row, or `null` to remove it. */
  onChange: (row: UpsellChoice | null) => void;
}) {
  const { t } = useTranslation();
  const property = planPropertyOf(row, ownPropertyId);
  const units = useUnits(property);
  const plans = useRatePlansOf(property, row.roomTypeId ? [row.roomTypeId] : []);
  const number = index + 1;
  const at = (id: string) => (id === ownPropertyId ? {} : { propertyId: id });
  return (
    <fieldset className="gift-type-form__upsell" aria-label={t('gift_cards.fields.upsell', { number })}>
      {properties.length > 1 ? (
        <Select
          label={t('gift_cards.fields.upsell_property', { number })}
          options={properties}
          selectedKey={property}
          onSelectionChange={(id) =>
            onChange({ ...at(id), roomTypeId: '', ratePlanId: '', price: row.price })
          }
          isDisabled={disabled}
        />
      ) : null}
      <Select
        label={t('gift_cards.fields.upsell_room', { number })}
        options={(units.data ?? []).map((u) => ({ id: u.id, label: u.title }))}
        selectedKey={row.roomTypeId || null}
        onSelectionChange={(roomTypeId) =>
          onChange({ ...at(property), roomTypeId, ratePlanId: '', price: row.price })
        }
        isDisabled={disabled}
      />
      <Select
        label={t('gift_cards.fields.upsell_plan', { number })}
        options={(plans.get(row.roomTypeId)?.data ?? []).map((p) => ({ id: p.id, label: p.title }))}
        selectedKey={row.ratePlanId || null}
        onSelectionChange={(ratePlanId) => onChange({ ...row, ratePlanId })}
        isDisabled={disabled || !row.roomTypeId}
        name={`upsellRatePlans.${index}.ratePlanId`}
        errorMessage={error(`upsellRatePlans.${index}.ratePlanId`)}
      />
      <NumberField
        label={t('gift_cards.fields.upsell_price', { number })}
        value={row.price}
        currency={currency}
        onChange={(n) => onChange({ ...row, price: n })}
        isRequired
        isDisabled={disabled}
        name={`upsellRatePlans.${index}.price`}
        errorMessage={error(`upsellRatePlans.${index}.price`)}
      />
      <Button
        variant="quiet"
        isDisabled={disabled}
        aria-label={t('gift_cards.fields.remove_upsell', { number })}
        onPress={() => onChange(null)}
      >
        {t('gift_cards.fields.remove')}
      </Button>
    </fieldset>
  );
}
