import type { StoredSession } from '@tern/core/session';
import type { OtpChallenge, Session, User, UserProperty } from '@tern/sdk';

export const property = (id: string, name: string, overrides: Partial<UserProperty> = {}): UserProperty => ({
  id,
  name,
  propertyId: id,
  ternHotelUserId: `hu-${id}`,
  role: 'manager',
  propertyType: 'accommodation',
  locked: false,
  ...overrides,
});

export const supplierUser: User = {
  id: 'u-supplier',
  email: 'helga@example.test',
  name: 'Helga Hotelier',
  role: 'supplier',
  status: 'active',
  agentId: null,
  agent: null,
  ternHotels: [property('p-1', 'Harbour Inn', { currency: 'ISK' }), property('p-2', 'Fjord Lodge')],
  otpEnabled: false,
  features: { searchPageIsActive: true, carRentalFeature: false },
};

export const resellerUser: User = {
  ...supplierUser,
  id: 'u-reseller',
  email: 'arni@example.test',
  name: 'Arni Agent',
  role: 'reseller',
  agentId: 'a-1',
  agent: { id: 'a-1', name: 'Northern Trips', paymentLocked: false },
  ternHotels: [],
};

export const adminUser: User = {
  ...supplierUser,
  id: 'u-admin',
  email: 'ada@example.test',
  name: 'Ada Admin',
  role: 'admin',
  ternHotels: [],
};

export const usersByRole = { supplier: supplierUser, reseller: resellerUser, admin: adminUser } as const;

export function sessionFor(user: User, overrides: Partial<Session> = {}): Session {
  return {
    id: `s-${user.id}`,
    type: 'session',
    token: `tok-${user.id}`,
    ttl: 3600,
    userRole: user.role,
    deviceIdentifier: null,
    purpose: 'sign_in',
    user,
    ...overrides,
  };
}

export function storedFor(user: User, exp: number, overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    token: `tok-${user.id}`,
    exp,
    userRole: user.role,
    purpose: 'sign_in',
    user,
    ...overrides,
  };
}

export const otpChallenge: OtpChallenge = {
  id: 'c-1',
  type: 'otp_challenge',
  otpClientChallenge: 'challenge-1',
  destination: 'o••@example.test',
  ttl: 600,
};
