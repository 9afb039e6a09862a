import { describe, expect, it } from 'vitest';
import { resellerUser, supplierUser } from '../test/fixtures.js';
import { featureFlags } from './features.js';

describe('featureFlags', () => {
  it('reads the flags the server sends with the user', () => {
    expect(featureFlags(resellerUser)).toEqual({ searchPageIsActive: true, carRentalFeature: true });
    expect(
      featureFlags({ ...resellerUser, features: { searchPageIsActive: false, carRentalFeature: false } }),
    ).toEqual({ searchPageIsActive: false, carRentalFeature: false });
  });

  it('never gives car rentals to a supplier, whatever the flags say', () => {
    expect(
      featureFlags({ ...supplierUser, features: { searchPageIsActive: true, carRentalFeature: true } })
        .carRentalFeature,
    ).toBe(false);
  });

  it('falls back to the documented defaults for a stored session without features, or no session', () => {
    const { features: _, ...older } = resellerUser;
    expect(featureFlags(older)).toEqual({ searchPageIsActive: true, carRentalFeature: false });
    expect(featureFlags(null)).toEqual({ searchPageIsActive: true, carRentalFeature: false });
  });
});
