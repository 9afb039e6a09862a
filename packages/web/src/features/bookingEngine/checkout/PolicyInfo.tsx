import { cancellationDeadline } from '@tern/core/bookingEngine';
import { formatInstant } from '@tern/core/format';
import type { CancellationPolicy } from '@tern/sdk';
import { useTranslation } from 'react-i18next';
import { usePaymentText, usePolicyText } from '../property/PolicyText';

/**
 * The policy shown before booking (document 1 §2, §9): the policy chosen across the rooms, its deadline
 * (check-in time minus the deadline, 00:00 without a check-in time; past it, non-refundable) and payment.
 */
export function PolicyInfo({
  policy,
  checkinDate,
  checkinTime,
  now,
}: {
  policy: CancellationPolicy | null;
  checkinDate: string;
  checkinTime: string | null;
  now: number;
}) {
  const { t } = useTranslation();
  const policyText = usePolicyText();
  const paymentText = usePaymentText();
  if (!policy) return <p className="muted">{t('payment_page.policy_info.no_policy_message')}</p>;
  const deadline = cancellationDeadline(policy, checkinDate, checkinTime);
  const passed = deadline !== null && Date.parse(`${deadline}:00`) <= now;
  return (
    <dl className="details">
      <dt>{t('payment_page.policy_info.cancellation')}</dt>
      <dd>
        {passed
          ? t('payment_page.policy_info.deadline_passed')
          : deadline
            ? // The deadline is the property's wall time: read as UTC and shown in UTC, it stays as written.
              `${t('policy.deadline', { deadline: formatInstant(`${deadline}:00Z`, 'UTC') })} · ${policyText(policy)}`
            : policyText(policy)}
      </dd>
      <dt>{t('payment_page.policy_info.payment')}</dt>
      <dd>{paymentText(policy)}</dd>
    </dl>
  );
}
