import { currencyDecimals } from '@tern/core/bookingEngine';
import { formatAmount, formatDay, parseNumber } from '@tern/core/format';
import { cellError, expandBulkEdit } from '@tern/core/rates';
import type { ChangedCell, InventoryCalendar, InventoryChangeResult, TernClient } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Checkbox } from '../../../components/Checkbox';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { Drawer } from '../../../components/Drawer';
import { FormFrame, problemsOf } from '../../../components/FormFrame';
import { NumberField, numberText } from '../../../components/NumberField';
import { Select } from '../../../components/Select';
import { useErrorText } from '../../errors/useErrorText';
import {
  type CalendarStructure,
  EMPTY_DATA,
  inventoryValues,
  mergeCalendar,
  takesOccupancyRates,
} from './calendarModel';
import {
  ALL_WEEKDAYS,
  type EditForm,
  FLAG_FIELDS,
  type FormErrors,
  formBody,
  formEdit,
  formErrors,
  type MaxStayChoice,
  PRICE_OPS,
  type PriceOp,
} from './editForm';

/** Cells listed in the preview; the rest are counted. */
export const PREVIEW_LIST_MAX = 100;

export interface BulkEditDrawerProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  initial: EditForm;
  structure: CalendarStructure;
  /** The calendar's first and last day. */
  bounds: { from: string; to: string };
  client: TernClient;
  propertyId: string;
  /** The range read afresh for the preview (the calendar shows it too). */
  onRead: (reply: InventoryCalendar) => void;
  onSaved: (result: InventoryChangeResult, form: EditForm) => void;
}

interface Preview {
  /** The form the preview was made of: a change to the form asks for a new preview. */
  of: EditForm;
  cells: ChangedCell[];
  problems: { cell: ChangedCell; key: string }[];
}

/**
 * The bulk edit: a range and weekdays, the room types (availability) and rate plans (price, restrictions) it
 * acts on, and what it changes. "Preview" reads the range afresh and lists, with core's `expandBulkEdit`, every
 * cell that would change, before and after, with core's `cellError` for any that cannot be saved; "Save"
 * sends the same edit once the preview stands. On the form frame: each field's error beside it and in the summary,
 * a refused preview or save in the summary, and leaving with the edit unsent asks first.
 */
export function BulkEditDrawer(props: BulkEditDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('inventory.edit.title')}
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      side="end"
      width="560px"
    >
      {(close) => <BulkEditForm {...props} close={close} />}
    </Drawer>
  );
}

function BulkEditForm({
  initial,
  structure,
  bounds,
  client,
  propertyId,
  onRead,
  onSaved,
  close,
}: BulkEditDrawerProps & { close: () => void }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [form, setForm] = useState<EditForm>(initial);
  // What the drawer opened with: the edit is unsent while the form is another.
  const [opened] = useState(form);
  const [errors, setErrors] = useState<FormErrors>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const update = (patch: Partial<EditForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setFailure(null);
  };
  const current = preview && preview.of === form ? preview : null;
  const errorOf = (field: keyof FormErrors) => (errors[field] ? t(errors[field]!) : null);
  // "Choose something to change" is said by the changes, in the edit's own words.
  const messageOf = (field: string) =>
    field === 'changes' ? t('inventory.edit.nothing_to_change') : errorOf(field as keyof FormErrors);
  const problems = problemsOf(
    Object.keys(errors),
    {
      from: t('inventory.edit.dates'),
      to: t('inventory.edit.dates'),
      weekdays: t('inventory.edit.weekdays'),
      targets: t('inventory.edit.targets'),
      price: t('inventory.edit.price_value'),
      availability: t('inventory.edit.availability'),
      minStayArrival: t('inventory.fields.minStayArrival'),
      minStayThrough: t('inventory.fields.minStayThrough'),
      maxStay: t('inventory.edit.max_nights'),
      occupancyRates: t('inventory.edit.occupancy_rates', { currency: structure.currency }),
      changes: t('inventory.edit.changes'),
    },
    messageOf,
  );

  const runPreview = async () => {
    const found = formErrors(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    const edit = formEdit(form, structure);
    setBusy('preview');
    setFailure(null);
    try {
      // The range afresh, narrowed to what the edit touches: the preview's "before" is what is stored now.
      const reply = await client.inventory.calendar({
        params: { propertyId },
        query: {
          from: form.from,
          to: form.to,
          ...(edit.unitIds.length ? { unitIds: [...edit.unitIds] } : {}),
          ...(edit.ratePlanIds.length ? { ratePlanIds: [...edit.ratePlanIds] } : {}),
        },
      });
      onRead(reply);
      const values = inventoryValues(mergeCalendar(EMPTY_DATA, reply));
      const cells = expandBulkEdit(edit, values, structure.currency);
      const problems = cells.flatMap((cell) => {
        const key = cellError(cell);
        return key ? [{ cell, key }] : [];
      });
      setPreview({ of: form, cells, problems });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    if (!current || current.problems.length || !current.cells.length) return;
    setBusy('save');
    setFailure(null);
    try {
      const result = await client.inventory.edit({ params: { propertyId }, body: formBody(form) });
      onSaved(result, form);
      close();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const titleOf = (cell: ChangedCell) =>
    cell.kind === 'availability'
      ? (structure.units.find((u) => u.id === cell.unitId)?.title ?? cell.unitId)
      : (structure.ratePlans.find((p) => p.id === cell.ratePlanId)?.title ?? cell.ratePlanId);
  /** A field's value: a price with the currency's decimals, a count or stay as a whole number. */
  const show = (value: number | boolean | null | undefined, price = false) =>
    value === null || value === undefined
      ? '–'
      : typeof value === 'boolean'
        ? t(value ? 'inventory.flags.on' : 'inventory.flags.off')
        : price
          ? formatAmount(value, structure.currency, i18n.language)
          : String(value);
  const describe = (cell: ChangedCell): string => {
    if (cell.kind === 'availability')
      return t('inventory.edit.rooms_change', {
        from: show(cell.from),
        to: show(cell.to),
        booked: cell.booked,
      });
    const before = cell.from;
    const after = cell.to;
    const fields = [
      'price',
      'stopSell',
      'closedToArrival',
      'closedToDeparture',
      'minStayArrival',
      'minStayThrough',
      'maxStay',
    ] as const;
    return fields
      .filter((f) => (before?.[f] ?? null) !== (after?.[f] ?? null))
      .map(
        (f) =>
          `${t(`inventory.fields.${f}`)} ${show(before?.[f], f === 'price')} → ${show(after?.[f], f === 'price')}`,
      )
      .concat(occupancyChanges(before?.occupancyRates, after?.occupancyRates))
      .join('; ');
  };
  /** What a cell's rates by occupancy change: "Price for 2 adults 85 → 90". */
  const occupancyChanges = (
    before: Record<string, number> | undefined,
    after: Record<string, number> | undefined,
  ): string[] =>
    [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
      .filter((adults) => before?.[adults] !== after?.[adults])
      .map(
        (adults) =>
          `${t('inventory.rows.occupancy', { count: Number(adults) })} ${show(before?.[adults], true)} → ${show(after?.[adults], true)}`,
      );
  // Rates by occupancy: when every plan edited is a manual per-person one, each of its occupancies but the
  // primary (whose rate is the price) — the server refuses them for any other plan.
  const editedPlans = structure.ratePlans.filter((p) =>
    form.ratePlanIds.length ? form.ratePlanIds.includes(p.id) : form.unitIds.includes(p.unitId),
  );
  const occupancies =
    editedPlans.length > 0 && editedPlans.every(takesOccupancyRates)
      ? Array.from({ length: Math.max(...editedPlans.map((p) => p.maxAdults)) }, (_, i) => String(i + 1))
      : [];

  const select = (
    label: string,
    options: { id: string; label: string }[],
    key: string,
    on: (k: string) => void,
  ) => <Select label={label} options={options} selectedKey={key} onSelectionChange={on} />;
  const flagOptions = ['unchanged', 'on', 'off'].map((id) => ({ id, label: t(`inventory.edit.flag_${id}`) }));

  return (
    <FormFrame
      className="inv-edit"
      onSubmit={() => void save()}
      busy={busy !== null}
      dirty={form !== opened}
      problems={problems}
      failure={failure}
      actions={
        <>
          <Button variant="secondary" onPress={close}>
            {t('inventory.edit.cancel')}
          </Button>
          <Button variant="secondary" onPress={() => void runPreview()} isDisabled={busy !== null}>
            {busy === 'preview' ? t('inventory.edit.previewing') : t('inventory.edit.preview')}
          </Button>
          <Button
            type="submit"
            isDisabled={busy !== null || !current || current.problems.length > 0 || !current.cells.length}
          >
            {busy === 'save' ? t('inventory.edit.saving') : t('inventory.edit.save')}
          </Button>
        </>
      }
    >
      <DateRangePicker
        label={t('inventory.edit.dates')}
        startName="from"
        endName="to"
        calendarLabel={t('inventory.edit.dates')}
        value={{ start: form.from, end: form.to }}
        minValue={bounds.from}
        onChange={(range) => update({ from: range?.start ?? '', to: range?.end ?? '' })}
        errorMessage={errorOf('from') ?? errorOf('to')}
      />
      <fieldset className="inv-edit__group" data-field="weekdays">
        <legend>{t('inventory.edit.weekdays')}</legend>
        <div className="inv-edit__weekdays">
          {ALL_WEEKDAYS.map((d) => (
            <Checkbox
              key={d}
              isSelected={form.weekdays.includes(d)}
              onChange={(on) =>
                update({ weekdays: on ? [...form.weekdays, d] : form.weekdays.filter((w) => w !== d) })
              }
            >
              {t(`inventory.weekdays.${d}`)}
            </Checkbox>
          ))}
        </div>
        {errors.weekdays ? <p className="field__error">{t(errors.weekdays)}</p> : null}
      </fieldset>
      <fieldset className="inv-edit__group" data-field="targets">
        <legend>{t('inventory.edit.targets')}</legend>
        {structure.units.map((unit) => (
          <div key={unit.id} className="inv-edit__unit">
            <Checkbox
              isSelected={form.unitIds.includes(unit.id)}
              onChange={(on) =>
                update({
                  unitIds: on ? [...form.unitIds, unit.id] : form.unitIds.filter((u) => u !== unit.id),
                })
              }
            >
              {t('inventory.edit.rooms_of', { unit: unit.title })}
            </Checkbox>
            <div className="inv-edit__plans">
              {structure.ratePlans
                .filter((p) => p.unitId === unit.id)
                .map((plan) => (
                  <Checkbox
                    key={plan.id}
                    isSelected={form.ratePlanIds.includes(plan.id)}
                    onChange={(on) =>
                      update({
                        ratePlanIds: on
                          ? [...form.ratePlanIds, plan.id]
                          : form.ratePlanIds.filter((p) => p !== plan.id),
                      })
                    }
                  >
                    {t('inventory.edit.plan_of', { plan: plan.title, unit: unit.title })}
                  </Checkbox>
                ))}
            </div>
          </div>
        ))}
        <p className="field__description">{t('inventory.edit.targets_hint')}</p>
        {errors.targets ? <p className="field__error">{t(errors.targets)}</p> : null}
      </fieldset>
      <fieldset className="inv-edit__group" data-field="changes">
        <legend>{t('inventory.edit.changes')}</legend>
        <div className="inv-edit__pair">
          {select(
            t('inventory.edit.price_op', { currency: structure.currency }),
            PRICE_OPS.map((id) => ({ id, label: t(`inventory.price_ops.${id}`) })),
            form.priceOp,
            (k) => update({ priceOp: k as PriceOp }),
          )}
          {form.priceOp !== 'unchanged' ? (
            <NumberField
              label={t('inventory.edit.price_value')}
              name="price"
              value={parseNumber(form.price)}
              onChange={(price) => update({ price: numberText(price) })}
              errorMessage={errorOf('price')}
            />
          ) : null}
        </div>
        <NumberField
          label={t('inventory.edit.availability')}
          name="availability"
          description={t('inventory.edit.blank_keeps')}
          keypad="whole"
          value={parseNumber(form.availability)}
          onChange={(availability) => update({ availability: numberText(availability) })}
          errorMessage={errorOf('availability')}
        />
        <div className="inv-edit__flags">
          {FLAG_FIELDS.map((field) => (
            <div key={field}>
              {select(t(`inventory.fields.${field}`), flagOptions, form.flags[field], (k) =>
                update({ flags: { ...form.flags, [field]: k as EditForm['flags'][typeof field] } }),
              )}
            </div>
          ))}
        </div>
        <div className="inv-edit__pair">
          <NumberField
            label={t('inventory.fields.minStayArrival')}
            name="minStayArrival"
            keypad="whole"
            value={parseNumber(form.minStayArrival)}
            onChange={(minStayArrival) => update({ minStayArrival: numberText(minStayArrival) })}
            errorMessage={errorOf('minStayArrival')}
          />
          <NumberField
            label={t('inventory.fields.minStayThrough')}
            name="minStayThrough"
            keypad="whole"
            value={parseNumber(form.minStayThrough)}
            onChange={(minStayThrough) => update({ minStayThrough: numberText(minStayThrough) })}
            errorMessage={errorOf('minStayThrough')}
          />
        </div>
        <div className="inv-edit__pair">
          {select(
            t('inventory.fields.maxStay'),
            (['unchanged', 'none', 'set'] as const).map((id) => ({
              id,
              label: t(`inventory.edit.max_${id}`),
            })),
            form.maxStay,
            (k) => update({ maxStay: k as MaxStayChoice }),
          )}
          {form.maxStay === 'set' ? (
            <NumberField
              label={t('inventory.edit.max_nights')}
              name="maxStay"
              keypad="whole"
              value={parseNumber(form.maxStayValue)}
              onChange={(maxStayValue) => update({ maxStayValue: numberText(maxStayValue) })}
              errorMessage={errorOf('maxStay')}
            />
          ) : null}
        </div>
        {occupancies.length ? (
          <fieldset className="inv-edit__group" data-field="occupancyRates">
            <legend>{t('inventory.edit.occupancy_rates', { currency: structure.currency })}</legend>
            <p className="field__description">{t('inventory.edit.occupancy_rates_hint')}</p>
            <div className="inv-edit__flags">
              {occupancies.map((adults) => (
                <NumberField
                  key={adults}
                  label={t('inventory.rows.occupancy', { count: Number(adults) })}
                  decimals={currencyDecimals(structure.currency)}
                  value={parseNumber(form.occupancyRates[adults] ?? '')}
                  onChange={(rate) =>
                    update({ occupancyRates: { ...form.occupancyRates, [adults]: numberText(rate) } })
                  }
                />
              ))}
            </div>
            {errors.occupancyRates ? <p className="field__error">{t(errors.occupancyRates)}</p> : null}
          </fieldset>
        ) : null}
        {errors.changes ? <p className="field__error">{messageOf('changes')}</p> : null}
      </fieldset>
      <section className="inv-preview" aria-label={t('inventory.edit.preview_title')} aria-live="polite">
        {current ? (
          <>
            <h3 className="inv-preview__title">
              {current.cells.length
                ? t('inventory.edit.preview_count', { count: current.cells.length })
                : t('inventory.edit.preview_none')}
            </h3>
            {current.problems.length ? (
              <Alert variant="error">
                {t('inventory.edit.preview_problems', { count: current.problems.length })}{' '}
                {t(current.problems[0]!.key)} ({formatDay(current.problems[0]!.cell.date)},{' '}
                {titleOf(current.problems[0]!.cell)})
              </Alert>
            ) : null}
            {current.cells.length ? (
              <table className="inv-preview__table">
                <thead>
                  <tr>
                    <th scope="col">{t('inventory.edit.preview_date')}</th>
                    <th scope="col">{t('inventory.edit.preview_what')}</th>
                    <th scope="col">{t('inventory.edit.preview_change')}</th>
                  </tr>
                </thead>
                <tbody>
                  {current.cells.slice(0, PREVIEW_LIST_MAX).map((cell) => (
                    <tr
                      key={`${cell.kind}:${cell.kind === 'rate' ? cell.ratePlanId : cell.unitId}:${cell.date}`}
                    >
                      <td>{formatDay(cell.date)}</td>
                      <td>{titleOf(cell)}</td>
                      <td>{describe(cell)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {current.cells.length > PREVIEW_LIST_MAX ? (
              <p>{t('inventory.edit.preview_more', { count: current.cells.length - PREVIEW_LIST_MAX })}</p>
            ) : null}
          </>
        ) : (
          <p className="field__description">{t('inventory.edit.preview_first')}</p>
        )}
      </section>
    </FormFrame>
  );
}
