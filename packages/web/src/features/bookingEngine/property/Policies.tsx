import { formatPrice } from '@tern/core/bookingEngine';
import type { PropertyInfo } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { usePaymentText, usePolicyText } from './PolicyText';

/** "Additional information" (document 1 §2): check-in and check-out times, internet, parking, pets, smoking, cancellation and taxes. */
export function Policies({ property }: { property: PropertyInfo }) {
  const { t } = useTranslation();
  const policyText = usePolicyText();
  const paymentText = usePaymentText();
  const p = property.propertyPolicy;
  const rows: { term: string; value: string }[] = [];
  if (p) {
    rows.push({ term: t('property_policy.checkin'), value: timeWindow(p.checkinFromTime, p.checkinToTime) });
    rows.push({
      term: t('property_policy.checkout'),
      value: timeWindow(p.checkoutFromTime, p.checkoutToTime),
    });
    const internet = [t(`property_policy.internet_type.${p.internetAccessType}`)];
    if (p.internetAccessType !== 'none') {
      if (p.internetAccessCoverage)
        internet.push(t(`property_policy.internet_coverage.${p.internetAccessCoverage}`));
      internet.push(
        p.internetAccessCost
          ? t('property_policy.internet_cost', { price: formatPrice(p.internetAccessCost, p.currency) })
          : t('property_policy.internet_free'),
      );
    }
    rows.push({ term: t('property_policy.internet'), value: internet.join(', ') });
    const parking = [t(`property_policy.parking_type.${p.parkingType}`)];
    if (p.parkingType !== 'none') {
      parking.push(
        p.parkingIsPrivate ? t('property_policy.parking_private') : t('property_policy.parking_public'),
      );
      parking.push(t(`property_policy.parking_reservation.${p.parkingReservation}`));
    }
    rows.push({ term: t('property_policy.parking'), value: parking.join(', ') });
    const pets = [t(`property_policy.pets_policy.${p.petsPolicy}`)];
    if (p.petsPolicy !== 'not_allowed') {
      if (p.petsNonRefundableFee)
        pets.push(t('property_policy.pets_fee', { price: formatPrice(p.petsNonRefundableFee, p.currency) }));
      if (p.petsRefundableDeposit)
        pets.push(
          t('property_policy.pets_deposit', { price: formatPrice(p.petsRefundableDeposit, p.currency) }),
        );
    }
    rows.push({ term: t('property_policy.pets'), value: pets.join(', ') });
    rows.push({
      term: t('property_policy.smoking'),
      value: t(`property_policy.smoking_policy.${p.smokingPolicy}`),
    });
    if (p.isAdultsOnly) rows.push({ term: t('property_policy.adults_only'), value: '✓' });
  }
  for (const policy of property.cancellationPolicies) {
    rows.push({
      term: `${t('property_policy.cancellation')}: ${policy.title}`,
      value: `${policyText(policy)} · ${paymentText(policy)}`,
    });
  }
  if (property.taxes.length > 0) {
    rows.push({
      term: t('property_policy.taxes'),
      value: property.taxes
        .map((tax) =>
          tax.mode === 'percent'
            ? t('property_policy.tax_rate_percent', { title: tax.title, rate: tax.rate })
            : t('property_policy.tax_rate_amount', {
                title: tax.title,
                rate: formatPrice(tax.rate, property.currency),
                mode: t(`tax_modes.${tax.mode}`),
              }),
        )
        .join(' · '),
    });
  }
  if (rows.length === 0) return <p className="muted">{t('payment_page.policy_info.no_policy_message')}</p>;
  return (
    <dl className="details policies">
      {rows.map((row) => (
        <div key={row.term} className="policies__row">
          <dt>{row.term}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );

  function timeWindow(from: string | null, to: string | null): string {
    if (from && to) return t('property_policy.from_to', { from, to });
    if (from) return t('property_policy.from', { from });
    if (to) return t('property_policy.until', { to });
    return '—';
  }
}
