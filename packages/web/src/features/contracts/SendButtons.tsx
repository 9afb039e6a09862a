import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

/** The buttons of a contract form (a proposal, a request): Cancel, and the Send that says what goes. */
export function SendButtons({
  label,
  isDisabled,
  isPending,
  onCancel,
}: {
  label: string;
  isDisabled: boolean;
  isPending: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" onPress={onCancel}>
        {t('contracts.cancel')}
      </Button>
      <Button type="submit" isDisabled={isDisabled} isPending={isPending}>
        {label}
      </Button>
    </>
  );
}
