import type { Day } from '@tern/core/dates';
import {
  changeIssueOrder,
  type IssueOrderForm,
  issueOrderFormInput,
  newIssueOrderForm,
  parseRecipientPaste,
  pasteRecipients,
  unpaidAllowed,
} from '@tern/core/giftCards';
import type { GiftCardType } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/Checkbox';
import { DateField } from '../../components/DateField';
import { FormFrame } from '../../components/FormFrame';
import { NumberField } from '../../components/NumberField';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { useFormDrawer } from '../admin/useFormDrawer';
import { useFormFrame } from '../admin/useFormFrame';
import { RecipientFields, RecipientPaste, recipientLabels } from './RecipientFields';

/** The buyer's company details a purchase keeps (an issue from a type has none). */
const COMPANY = ['companyRegistrationNumber', 'phone', 'address', 'city', 'country'] as const;

/**
 * The issue order form (document 3 §3, §5): core's `issueOrderFormInput` on the form drawer machine — a buyer, the
 * price of each card, a quantity the recipients' rows follow (at most the type's stock), a custom last day;
 * recipients typed or pasted from a spreadsheet ("name ⇥ e-mail" lines). `kind` says where it is opened: a type's
 * "Issue" (that type, the buyer's name and e-mail) or "Create new purchase" (a type to choose among `types`, the
 * buyer's company details, paid or unpaid — a single card is paid). `save` gets this drawer's order key, so
 * sending the same order again issues each card once.
 */
export function IssueCardsForm<R>({
  kind,
  types,
  today,
  save,
  onSaved,
  onCancel,
}: {
  kind: 'issue' | 'purchase';
  /** The type issued (one), or those a purchase may choose from. */
  types: GiftCardType[];
  today: Day;
  save: (values: IssueOrderForm, orderKey: string) => Promise<R>;
  onSaved: (saved: R) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [orderKey] = useState(() => crypto.randomUUID());
  const [type, setType] = useState<GiftCardType | null>(types[0] ?? null);
  const [input] = useState(() =>
    issueOrderFormInput(newIssueOrderForm(type), { today, stock: type?.stock ?? null }),
  );
  const form = useFormDrawer<IssueOrderForm, R>(input, (v) => save(v, orderKey), onSaved);
  const { texts, frame } = useFormFrame(form, {
    name: t(kind === 'purchase' ? 'gift_card_purchases.form.name' : 'gift_card_issue.buyer_name'),
    email: t(kind === 'purchase' ? 'gift_card_purchases.form.email' : 'gift_card_issue.buyer_email'),
    netPrice: t('gift_card_issue.net_price'),
    quantity: t('gift_card_issue.quantity'),
    customExpirationDate: t('gift_card_issue.custom_expiration'),
    ...Object.fromEntries(COMPANY.map((field) => [field, t(`gift_card_purchases.form.${field}`)])),
    ...recipientLabels(form.values.recipients, t),
  });
  const v = form.values;
  const set = (patch: Partial<IssueOrderForm>, chosen: GiftCardType | null = type) =>
    (form.change as (values: Partial<IssueOrderForm>) => void)(changeIssueOrder(v, patch, chosen));
  const fill = (pasted: string) => {
    const rows = parseRecipientPaste(pasted);
    if (rows.length === 0) return;
    const recipients = pasteRecipients([], 0, rows);
    set({ recipients, quantity: recipients.length });
  };
  const purchase = kind === 'purchase';
  const text = (field: 'name' | 'email' | (typeof COMPANY)[number], label: string, required = false) => (
    <TextField
      key={field}
      name={field}
      label={label}
      {...(field === 'email' ? { inputMode: 'email' as const } : {})}
      value={v[field]}
      onChange={(value) => set({ [field]: value })}
      isRequired={required}
      errorMessage={texts.field(field)}
    />
  );
  return (
    <FormFrame
      {...frame}
      onCancel={onCancel}
      submitLabel={t(purchase ? 'gift_card_purchases.create' : 'gift_card_issue.issue')}
    >
      {purchase ? (
        <Select
          label={t('gift_card_purchases.form.type')}
          options={types.map((x) => ({
            id: x.id,
            label: `${x.title} · ${t('gift_card_issue.stock', { stock: x.stock })}`,
          }))}
          selectedKey={v.giftCardTypeId ?? ''}
          onSelectionChange={(id) => {
            const chosen = types.find((x) => x.id === id) ?? null;
            setType(chosen);
            set({ giftCardTypeId: chosen?.id ?? null }, chosen);
          }}
        />
      ) : type ? (
        <p>
          {type.title} · {t('gift_card_issue.stock', { stock: type.stock })}
        </p>
      ) : null}
      <div className="admin-form__grid">
        {text('name', t(purchase ? 'gift_card_purchases.form.name' : 'gift_card_issue.buyer_name'), true)}
        {text('email', t(purchase ? 'gift_card_purchases.form.email' : 'gift_card_issue.buyer_email'), true)}
        {purchase ? COMPANY.map((field) => text(field, t(`gift_card_purchases.form.${field}`))) : null}
        <NumberField
          name="netPrice"
          label={t('gift_card_issue.net_price')}
          value={v.netPrice}
          onChange={(n) => set({ netPrice: n })}
          isRequired
          errorMessage={texts.field('netPrice')}
        />
        <NumberField
          name="quantity"
          label={t('gift_card_issue.quantity')}
          keypad="whole"
          value={v.quantity}
          onChange={(n) => set({ quantity: n })}
          isRequired
          errorMessage={texts.field('quantity')}
        />
        <DateField
          label={t('gift_card_issue.custom_expiration')}
          calendarLabel={t('gift_cards.fields.calendar', { field: t('gift_card_issue.custom_expiration') })}
          name="customExpirationDate"
          value={v.customExpirationDate}
          onChange={(customExpirationDate) => set({ customExpirationDate })}
          errorMessage={texts.field('customExpirationDate')}
        />
        {purchase ? (
          <Select
            label={t('gift_card_purchases.form.purchase_state')}
            options={[
              { id: 'paid', label: t('gift_card_purchases.statuses.paid') },
              // Document 3 §4: a quantity of 1 forces paid and offers no unpaid.
              ...(unpaidAllowed(v.quantity)
                ? [{ id: 'unpaid', label: t('gift_card_purchases.statuses.initiated') }]
                : []),
            ]}
            selectedKey={v.purchaseState}
            onSelectionChange={(s) => set({ purchaseState: s as IssueOrderForm['purchaseState'] })}
          />
        ) : null}
      </div>
      {purchase ? null : (
        // A purchase's cards are mailed when it is issued; a type's issue mails them now unless unchecked.
        <Checkbox isSelected={v.sendEmail} onChange={(sendEmail) => set({ sendEmail })}>
          {t('gift_card_issue.send_email')}
        </Checkbox>
      )}
      <RecipientPaste onFill={fill} />
      <RecipientFields
        rows={v.recipients}
        onChange={(i, patch) =>
          set({ recipients: v.recipients.map((r, j) => (j === i ? { ...r, ...patch } : r)) })
        }
        errorOf={texts.field}
        isRequired
      />
    </FormFrame>
  );
}
