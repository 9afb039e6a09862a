import { currencyOrder, knownCurrencies } from '@tern/core/bookingEngine';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/Select';

/** The currency picker: the known currencies in core's order (the preferred one first). */
export function CurrencySelect({
  value,
  onChange,
  preferred,
  className,
  hideLabel,
}: {
  value: string;
  onChange: (currency: string) => void;
  preferred?: string | null;
  className?: string;
  hideLabel?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      className={className}
      label={t('currency.label')}
      hideLabel={hideLabel}
      options={currencyOrder(knownCurrencies, preferred ?? value).map((c) => ({ id: c, label: c }))}
      selectedKey={value}
      onSelectionChange={onChange}
    />
  );
}
