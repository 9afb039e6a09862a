import {
  changeIssueOrder,
  type Day,
  type IssueOrderForm,
  issueBodyOf,
  issueOrderFormInput,
  newIssueOrderForm,
  parseRecipientPaste,
  pasteRecipients,
} from '@tern/core';
import type { GiftCardType, IssueGiftCardsReply } from '@tern/sdk';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useServices } from '../../session/SessionContext';
import { useFormDrawer } from '../admin/useFormDrawer';
import { useFormTexts } from '../admin/useFormTexts';
import { RecipientFields, RecipientPaste } from './RecipientFields';

const shown = (v: number | null) => (v === null || Number.isNaN(v) ? '' : String(v));
const read = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * The issue cards drawer (document 3 §3, §5 issue order form): core's `issueOrderFormInput` on the form drawer
 * machine — a buyer, the price of each card, a quantity the recipients' rows follow (at most the type's stock), a
 * custom last day; recipients typed or pasted from a spreadsheet ("name ⇥ e-mail" lines). Each row is keyed
 * with this drawer's order key, so sending the same order again issues each card once.
 */
export function IssueCardsForm({
  type,
  propertyId,
  today,
  onCancel,
  onIssued,
}: {
  type: GiftCardType;
  propertyId: string;
  today: Day;
  onCancel: () => void;
  onIssued: (reply: IssueGiftCardsReply) => void;
}) {
  const { t } = useTranslation();
  const { client } = useServices();
  const [orderKey] = useState(() => crypto.randomUUID());
  const [input] = useState(() => issueOrderFormInput(newIssueOrderForm(type), { today, stock: type.stock }));
  const form = useFormDrawer<IssueOrderForm, IssueGiftCardsReply>(
    input,
    (v) => client.giftCards.issue({ params: { id: type.id }, body: issueBodyOf(v, propertyId, orderKey) }),
    onIssued,
  );
  const texts = useFormTexts(form);
  const v = form.values;
  const set = (patch: Partial<IssueOrderForm>) =>
    (form.change as (values: Partial<IssueOrderForm>) => void)(changeIssueOrder(v, patch, type));
  const fill = (pasted: string) => {
    const rows = parseRecipientPaste(pasted);
    if (rows.length === 0) return;
    const recipients = pasteRecipients([], 0, rows);
    set({ recipients, quantity: recipients.length });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <form className="stack admin-form" onSubmit={submit} noValidate>
      {texts.failure ? (
        <Alert variant="error" title={t('general.error_message')}>
          {texts.failure}
        </Alert>
      ) : null}
      <p>
        {type.title} · {t('gift_card_issue.stock', { stock: type.stock })}
      </p>
      <div className="admin-form__grid">
        <TextField
          label={t('gift_card_issue.buyer_name')}
          value={v.name}
          onChange={(name) => set({ name })}
          isRequired
          errorMessage={texts.field('name')}
        />
        <TextField
          label={t('gift_card_issue.buyer_email')}
          inputMode="email"
          value={v.email}
          onChange={(email) => set({ email })}
          isRequired
          errorMessage={texts.field('email')}
        />
        <TextField
          label={t('gift_card_issue.net_price')}
          inputMode="numeric"
          value={shown(v.netPrice)}
          onChange={(s) => set({ netPrice: read(s) })}
          isRequired
          errorMessage={texts.field('netPrice')}
        />
        <TextField
          label={t('gift_card_issue.quantity')}
          inputMode="numeric"
          value={shown(v.quantity)}
          onChange={(s) => set({ quantity: read(s) })}
          isRequired
          errorMessage={texts.field('quantity')}
        />
        <TextField
          label={t('gift_card_issue.custom_expiration')}
          value={v.customExpirationDate ?? ''}
          onChange={(s) => set({ customExpirationDate: (s.trim() || null) as Day | null })}
          errorMessage={texts.field('customExpirationDate')}
        />
      </div>
      <RecipientPaste onFill={fill} />
      <RecipientFields
        rows={v.recipients}
        onChange={(i, patch) =>
          set({ recipients: v.recipients.map((r, j) => (j === i ? { ...r, ...patch } : r)) })
        }
        errorOf={texts.field}
        isRequired
      />
      <div className="admin-form__actions">
        <Button variant="secondary" onPress={onCancel}>
          {t('gift_cards.cancel')}
        </Button>
        <Button type="submit" isDisabled={form.busy}>
          {t('gift_card_issue.issue')}
        </Button>
      </div>
    </form>
  );
}
