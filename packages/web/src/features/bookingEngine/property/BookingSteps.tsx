import { useTranslation } from 'react-i18next';
import { Steps } from '../../../components/Steps';

export type BookingStep = 'hotel_page' | 'checkout' | 'confirmation';

/**
 * The navigation steps (document 1 §2): only the property step is a link, steps after the current one are
 * disabled, and on confirmation every step is (no going back from a confirmed booking).
 */
export function BookingSteps({
  current,
  propertyHref,
  isCar = false,
  onSelectProperty,
}: {
  current: BookingStep;
  propertyHref: string;
  /** From checkout: the property step's link asks the booking flow to go back (`step.select`) instead. */
  onSelectProperty?: () => void;
  /** A car's first step is the car search (a car goes from the results straight to checkout). */
  isCar?: boolean;
}) {
  const { t } = useTranslation();
  const done = current === 'confirmation';
  return (
    <Steps
      label={t('steps.label')}
      currentId={current}
      steps={[
        {
          id: 'hotel_page',
          label: isCar ? t('steps.car_search') : t('steps.hotel_page'),
          href: current === 'checkout' ? propertyHref : undefined,
          onSelect: current === 'checkout' ? onSelectProperty : undefined,
          isDisabled: done,
        },
        {
          id: 'checkout',
          label: isCar ? t('steps.checkout_car') : t('steps.checkout'),
          isDisabled: current !== 'checkout',
        },
        { id: 'confirmation', label: t('steps.confirmation'), isDisabled: true },
      ]}
    />
  );
}
