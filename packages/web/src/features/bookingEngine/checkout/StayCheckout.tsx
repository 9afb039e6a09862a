import {
  bookingPolicy,
  bookingTotal,
  checkoutFormOf,
  engineActors,
  flowPaths,
  formatPrice,
  isCardNeeded,
  ratesTableMachine,
  readFlow,
  roomsOf,
  type StayChosen,
  stayWizardMachine,
  taxSummary,
  type WizardStay,
  wizardChosen,
} from '@tern/core/bookingEngine';
import { nightsBetween } from '@tern/core/dates';
import { formatDay } from '@tern/core/format';
import type { UnitWithRates } from '@tern/sdk';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { instead, Link } from '../../../components/Link';
import { PageHeading } from '../../../components/PageHeading';
import { LoadingSkeleton } from '../../../components/Skeleton';
import { useServices } from '../../../session/SessionContext';
import { useErrorText } from '../../errors/useErrorText';
import { liveInspect } from '../../qa/liveInspect';
import { usePropertyInfo } from '../property/usePropertyData';
import { useBookingFlowLogic } from '../useBookingFlow';
import { type CheckoutEdges, CheckoutFormView, useCheckoutEdges } from './CheckoutForm';

/**
 * Checkout for a stay on core's stay wizard (the property page's and the CLI's machine), started on the flow's
 * checkout route: it reads the rooms chosen (the flow data) again for their current prices and runs core's
 * checkout machine (contact, guests per room, the card when a rate needs one) as its child, which this form
 * drives; the booking made opens the confirmation through its booking flow (M01).
 */
export function StayCheckout({
  channelId,
  searchStr,
  steps,
}: {
  channelId: string;
  searchStr: string;
  /** The booking steps, given `onSelectProperty` (back through the flow). */
  steps: (onSelectProperty: () => void) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { client, storage } = useServices();
  const flowLogic = useBookingFlowLogic();
  const edges = useCheckoutEdges();
  const { info } = usePropertyInfo('accommodations', channelId);
  const logic = useMemo(
    () =>
      stayWizardMachine.provide({
        actors: {
          bookingFlow: flowLogic,
          ratesTable: ratesTableMachine.provide({ actors: engineActors(client).ratesTable }),
          checkout: edges.logic,
        },
      }),
    [client, flowLogic, edges.logic],
  );
  const [wizard, send] = useMachine(logic, {
    inspect: liveInspect,
    // The rooms chosen (the flow data) are read at the start.
    input: (() => {
      const stored = readFlow(storage).stay;
      const stay = stored?.channelId === channelId ? stored : null;
      return {
        values: { property: channelId, checkin: '', checkout: '', currency: stay?.currency ?? '' },
        checkoutOn: 'route' as const,
        storage,
        opened: {
          info: null,
          query: searchStr,
          step: 'checkout' as const,
          rates: {
            kind: 'accommodations' as const,
            propertyId: channelId,
            search: {
              checkinDate: stay?.checkinDate ?? null,
              checkoutDate: stay?.checkoutDate ?? null,
              adults: stay?.adults ?? 1,
              children: stay?.children ?? 0,
              childrenAge: stay?.childrenAge ?? [],
              currency: stay?.currency ?? '',
            },
            selection: stay?.selection ?? {},
          },
        },
      };
    })(),
  });
  const flow = useSelector(wizard.context.flow!, (snapshot) => snapshot);
  const rates = useSelector(wizard.context.rates!, (snapshot) => snapshot);
  const checkout = checkoutFormOf(wizard);
  const onBack = () => send({ type: 'checkout.back' });
  const propertyHref = flowPaths.property(channelId, searchStr);

  useEffect(() => {
    if (info.status === 'ready') document.title = t('page_titles.title_suffix', { page: info.data.title });
  }, [info, t]);

  // Without rooms stored the flow has sent the route back to the property page.
  if (!flow.matches('checkout')) return null;
  if (info.status === 'loading' || wizard.hasTag('busy')) {
    return (
      <div className="page">
        <LoadingSkeleton label={t('payment_page.loading')} lines={6} />
      </div>
    );
  }
  if (info.status !== 'ready' || rates.matches('error') || !checkout || !wizard.context.stay) {
    const error = info.status === 'error' ? info.error : rates.context.error;
    return (
      <div className="page">
        <Alert variant="error" title={t('general.error_message')}>
          <p>{errorText(error)}</p>
          <Link href={propertyHref} onClick={instead(onBack)}>
            {t('hotel_page.back')}
          </Link>
        </Alert>
      </div>
    );
  }
  return (
    <StayCheckoutBody
      stay={wizard.context.stay}
      propertyHref={propertyHref}
      steps={steps(() => send({ type: 'step.select', step: 'property' }))}
      onBack={onBack}
      propertyTitle={info.data.title}
      propertyCurrency={info.data.currency}
      checkinTime={info.data.propertyPolicy?.checkinFromTime ?? null}
      timeZone={info.data.timezone}
      units={rates.context.units}
      chosen={wizardChosen(wizard.context)}
      checkout={checkout}
      edges={edges}
    />
  );
}

function StayCheckoutBody({
  stay,
  propertyHref,
  steps,
  onBack,
  propertyTitle,
  propertyCurrency,
  checkinTime,
  timeZone,
  units,
  chosen,
  checkout,
  edges,
}: {
  stay: WizardStay;
  propertyHref: string;
  steps: React.ReactNode;
  onBack: () => void;
  propertyTitle: string;
  propertyCurrency: string;
  checkinTime: string | null;
  /** The property's zone: the cancellation deadline's. */
  timeZone: string;
  units: UnitWithRates[];
  chosen: StayChosen[];
  checkout: NonNullable<ReturnType<typeof checkoutFormOf>>;
  edges: CheckoutEdges;
}) {
  const { t } = useTranslation();
  const gone = chosen.some((c) => c.rate.unavailableReason !== null || c.quantity > c.rate.availability);
  const currency = chosen[0]?.rate.currency ?? stay.currency;
  const rooms = roomsOf(chosen);
  const total = bookingTotal(rooms, currency);
  const nights = nightsBetween(stay.checkinDate, stay.checkoutDate);
  return (
    <div className="page checkout">
      <div className="checkout__top">{steps}</div>
      <PageHeading>{t('payment_page.heading')}</PageHeading>
      <p className="muted">{propertyTitle}</p>
      {gone ? (
        <Alert variant="error" title={t('general.error_message')}>
          <p>{t('payment_page.price_changed')}</p>
          <Link href={propertyHref} onClick={instead(onBack)}>
            {t('hotel_page.back')}
          </Link>
        </Alert>
      ) : null}
      <CheckoutFormView
        actor={checkout}
        edges={edges}
        cardNeeded={isCardNeeded(chosen.map((c) => c.rate.cancellationPolicy))}
        units={units}
        policy={bookingPolicy(chosen.map((c) => c.rate.cancellationPolicy))}
        policyFrom={{ date: stay.checkinDate, time: checkinTime, timeZone }}
        totalText={formatPrice(total, currency)}
        summary={{
          lines: chosen.map(({ unit, rate, quantity }) => ({
            key: `${unit.id}-${rate.id}`,
            label: t('price_summary.room_line', { quantity, unit: unit.title, rate: rate.title }),
            amount: rate.totalPrice * quantity,
          })),
          // Each room's price already carries its taxes: the lines say what part of it they are.
          taxes: taxSummary(rooms, currency).map((tax) => ({ ...tax, inclusive: true })),
          total,
          currency,
          period: `${t('price_summary.dates', { checkin: formatDay(stay.checkinDate), checkout: formatDay(stay.checkoutDate) })} · ${t('price_summary.nights', { count: nights })}`,
          alerts:
            currency !== propertyCurrency ? (
              <Alert variant="warning">
                {t('payment_page.currency_convertion_alert', {
                  currency,
                  property: propertyTitle,
                  propertyCurrency,
                })}
              </Alert>
            ) : null,
        }}
      />
    </div>
  );
}
