import { formatPrice, paymentKind } from '@tern/core/bookingEngine';
import type { CancellationPolicy } from '@tern/sdk';
import { useTranslation } from 'react-i18next';

/** A cancellation policy in words: free, non-refundable, or free until N hours/days before arrival. */
export function usePolicyText() {
  const { t } = useTranslation();
  return (policy: CancellationPolicy | null): string | null => {
    if (!policy) return null;
    switch (policy.cancellationPolicyLogic) {
      case 'free':
        return t('policy.free');
      case 'non_refundable':
        return t('policy.non_refundable');
      case 'deadline': {
        const count = policy.cancellationPolicyDeadline ?? 0;
        const until =
          policy.cancellationPolicyDeadlineType === 'days'
            ? t('policy.deadline_days', { count })
            : t('policy.deadline_hours', { count });
        const penalty =
          policy.cancellationPolicyMode === 'percent'
            ? t('policy.penalty_percent', { amount: policy.cancellationPolicyPenalty })
            : t('policy.penalty_amount', {
                amount: formatPrice(policy.cancellationPolicyPenalty, policy.currency),
              });
        return `${until}, ${penalty}`;
      }
    }
  };
}

/** How the rate is paid (DECISIONS 11): none, full or partial prepayment. */
export function usePaymentText() {
  const { t } = useTranslation();
  return (policy: CancellationPolicy | null): string => t(`policy.payment.${paymentKind(policy)}`);
}
