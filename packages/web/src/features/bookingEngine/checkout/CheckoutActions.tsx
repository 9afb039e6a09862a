import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Checkbox } from '../../../components/Checkbox';

export interface CheckoutActionsProps {
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  submitting: boolean;
  total: string | null;
  /** The server's refusal, shown with `general.error_message` (document 1 §8); the form stays as it was. */
  error: string | null;
}

/** The policy agreement and the book button (document 1 §4): enabled once ticked, disabled while booking. */
export const CheckoutActions = forwardRef<HTMLDivElement, CheckoutActionsProps>(function CheckoutActions(
  { agreed, onAgreedChange, submitting, total, error },
  ref,
) {
  const { t } = useTranslation();
  return (
    <div className="checkout-actions">
      {error ? (
        <Alert ref={ref} variant="error" title={t('general.error_message')}>
          {error}
        </Alert>
      ) : null}
      <Checkbox isSelected={agreed} onChange={onAgreedChange}>
        {t('payment_page.agree')}
      </Checkbox>
      <Button type="submit" fullWidth isDisabled={!agreed} isPending={submitting}>
        {submitting
          ? t('payment_page.booking')
          : total
            ? t('payment_page.book', { total })
            : t('payment_page.book_no_total')}
      </Button>
    </div>
  );
});
