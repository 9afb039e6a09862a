import { cancellationDeadlineAt } from '@tern/core/bookingEngine';
import { deviceTimeZone } from '@tern/core/dates';
import { formatInstant } from '@tern/core/format';
import type { CancellationPolicy } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { usePaymentText, usePolicyText } from '../property/PolicyText';

/**
 * The policy shown before booking (document 1 §2, §9): the policy chosen across the rooms, its deadline
 * (check-in time minus the deadline, 00:00 without a check-in time; past it, non-refundable) and payment.
 * The deadline is the property's wall time: it passes, and is shown, in the property's zone (`timeZone`; the
 * device's only when the caller has none to give).
 */
export function PolicyInfo({
  policy,
  checkinDate,
  checkinTime,
  timeZone = deviceTimeZone(),
  now,
}: {
  policy: CancellationPolicy | null;
  checkinDate: string;
  checkinTime: string | null;
  timeZone?: string | undefined;
  now: number;
}) {
  const { t } = useTranslation();
  const policyText = usePolicyText();
  const paymentText = usePaymentText();
  if (!policy) return <p className="muted">{t('payment_page.policy_info.no_policy_message')}</p>;
  const deadline = cancellationDeadlineAt(policy, checkinDate, checkinTime, timeZone);
  const passed = deadline !== null && deadline.getTime() <= now;
  return (
    <dl className="details">
      <dt>{t('payment_page.policy_info.cancellation')}</dt>
      <dd>
        {passed
          ? t('payment_page.policy_info.deadline_passed')
          : deadline
            ? `${t('policy.deadline', { deadline: formatInstant(deadline.toISOString(), timeZone) })} · ${policyText(policy)}`
            : policyText(policy)}
      </dd>
      <dt>{t('payment_page.policy_info.payment')}</dt>
      <dd>{paymentText(policy)}</dd>
    </dl>
  );
}
