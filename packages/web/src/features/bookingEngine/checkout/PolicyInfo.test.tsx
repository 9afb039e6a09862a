import { instantOf } from '@tern/core/dates';
import type { CancellationPolicy } from '@tern/sdk';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n';
import { bookingFlowEn } from '../../../i18n/bookingFlow';
import { PolicyInfo } from './PolicyInfo';

// The cancellation deadline is the property's wall time: it passes at that time in the property's zone, whatever
// the device's zone (a zone 11 hours from UTC, so a device in or near UTC reads it hours apart).
const policy = {
  cancellationPolicyLogic: 'deadline',
  cancellationPolicyDeadline: 2,
  cancellationPolicyDeadlineType: 'days',
} as unknown as CancellationPolicy;

describe('PolicyInfo', () => {
  it('counts the deadline in the property’s zone: open until then, passed after', () => {
    // Check-in 2027-03-12 14:00 in Sydney, two days before: 2027-03-10 14:00 there, 03:00 UTC.
    const deadline = instantOf('2027-03-10', 'Australia/Sydney', '14:00').getTime();
    expect(new Date(deadline).toISOString()).toBe('2027-03-10T03:00:00.000Z');
    // Its own translator with the booking flow's words (test files share a worker's modules, and with them the
    // default translator another file made).
    const i18n = createI18n();
    i18n.addResourceBundle('en', 'translation', bookingFlowEn);
    const shown = (now: number) =>
      render(
        <I18nextProvider i18n={i18n}>
          <PolicyInfo
            policy={policy}
            checkinDate="2027-03-12"
            checkinTime="14:00"
            timeZone="Australia/Sydney"
            now={now}
          />
        </I18nextProvider>,
      );
    // A minute before: free until the deadline, shown in Sydney's time.
    const before = shown(deadline - 60_000);
    expect(before.container.textContent).toContain('Free cancellation until 10/03/2027 14:00 ·');
    expect(before.container.textContent).not.toContain('has passed');
    before.unmount();
    // An hour after 03:00 UTC it is past in Sydney, though 14:00 UTC (the device's reading) is hours away.
    const after = shown(deadline + 3_600_000);
    expect(after.container.textContent).toContain('The free cancellation deadline has passed');
  });
});
