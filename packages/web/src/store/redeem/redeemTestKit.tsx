import type { RedemptionStay } from '@tern/sdk/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { storefrontType, testStorefront } from '../../../test/storefront';
import type { StoreApi } from '../api';
import { createStoreI18n } from '../i18n';
import { StoreRouter } from '../router';
import { StoreApp } from '../StoreApp';

// What the redemption pages' component tests share: the store they are drawn in, a booked stay, the app rendered
// over a stubbed API.

export const storefront = testStorefront([storefrontType('t1', 'Two nights', 200)], '');

/** A stay booked with a card at Harbour View (the confirmation's and the cancel page's). */
export const bookedStay: RedemptionStay = {
  reservationId: 'R123',
  propertyId: 'p1',
  propertyTitle: 'Harbour View',
  arrivalDate: '2030-05-06',
  departureDate: '2030-05-08',
  roomTypeTitle: 'Double',
  ratePlanTitle: 'Standard',
  guestName: 'Anna Jónsdóttir',
  status: 'new',
  bookingType: 'normal',
};

const Bare = ({ children }: { children: ReactNode }) => <>{children}</>;

/** The store's app over `api` (the calls a test stubs), at `at` when given. */
export function renderStore(api: object, at?: string) {
  if (at) window.history.pushState(null, '', at);
  return render(
    <StoreRouter>
      <StoreApp api={api as unknown as StoreApi} i18n={createStoreI18n()} layout={Bare} />
    </StoreRouter>,
  );
}
