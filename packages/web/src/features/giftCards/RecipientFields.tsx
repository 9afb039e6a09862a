import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';

interface RecipientRow {
  name: string;
  email: string;
}

/** The labels of the rows' fields by their names (`recipients.<i>.name` / `.email`), for a form frame's summary. */
export const recipientLabels = (rows: readonly RecipientRow[], t: TFunction): Record<string, string> =>
  Object.fromEntries(
    rows.flatMap((_, i) => [
      [`recipients.${i}.name`, t('gift_card_issue.recipient_name', { n: i + 1 })],
      [`recipients.${i}.email`, t('gift_card_issue.recipient_email', { n: i + 1 })],
    ]),
  );

/**
 * The recipients' rows of an issue order (one per card: a name and an e-mail), as the issue form, the purchase
 * form and a purchase's recipients drawer show them; each field's words come from the form's rules.
 */
export function RecipientFields({
  rows,
  onChange,
  errorOf,
  isRequired = false,
}: {
  rows: readonly RecipientRow[];
  onChange: (index: number, patch: Partial<RecipientRow>) => void;
  /** The words beside a row's field (`recipients.<i>.name` / `.email`), or none. */
  errorOf: (field: string) => string | null | undefined;
  isRequired?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="stack">
      <legend>{t('gift_card_issue.recipients')}</legend>
      {rows.map((row, i) => {
        const n = i + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions (one per card)
          <div key={i} className="admin-form__grid">
            <TextField
              label={t('gift_card_issue.recipient_name', { n })}
              value={row.name}
              onChange={(name) => onChange(i, { name })}
              isRequired={isRequired}
              name={`recipients.${i}.name`}
              errorMessage={errorOf(`recipients.${i}.name`) ?? undefined}
            />
            <TextField
              label={t('gift_card_issue.recipient_email', { n })}
              inputMode="email"
              value={row.email}
              onChange={(email) => onChange(i, { email })}
              isRequired={isRequired}
              name={`recipients.${i}.email`}
              errorMessage={errorOf(`recipients.${i}.email`) ?? undefined}
            />
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * The box recipients are pasted into from a spreadsheet ("name ⇥ e-mail" lines) and its Fill button: the text goes
 * to `onFill` (the form's rule parses it into rows), and the box empties.
 */
export function RecipientPaste({ onFill }: { onFill: (text: string) => void }) {
  const { t } = useTranslation();
  const [pasted, setPasted] = useState('');
  return (
    <>
      <TextArea
        label={t('gift_card_issue.paste')}
        description={t('gift_card_issue.paste_hint')}
        value={pasted}
        onChange={setPasted}
      />
      <div>
        <Button
          variant="secondary"
          onPress={() => {
            onFill(pasted);
            setPasted('');
          }}
        >
          {t('gift_card_issue.fill')}
        </Button>
      </div>
    </>
  );
}
