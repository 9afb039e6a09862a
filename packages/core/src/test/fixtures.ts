import type { OtpChallenge, Session, User } from '@tern/sdk';
import type { StoredSession } from '../session/rules.js';

const property = (id: string, name: string) => ({
  id,
  name,
  propertyId: id,
  ternHotelUserId: `hu-${id}`,
  role: 'manager' as const,
  propertyType: 'accommodation' as const,
  locked: false,
});

export const supplierUser: User = {
  id: 'u-supplier',
  email: 'olga@demo.tern.test',
  name: 'Olga',
  role: 'supplier',
  status: 'active',
  agentId: null,
  agent: null,
  ternHotels: [property('p-1', 'Harbour Inn'), property('p-2', 'Fjord Lodge')],
  otpEnabled: false,
  features: { searchPageIsActive: true, carRentalFeature: false },
};

export const resellerUser: User = {
  ...supplierUser,
  features: { searchPageIsActive: true, carRentalFeature: true },
  id: 'u-reseller',
  email: 'rita@demo.tern.test',
  role: 'reseller',
  agentId: 'a-1',
  agent: { id: 'a-1', name: 'Northern Trips', paymentLocked: false },
  ternHotels: [],
};

export const adminUser: User = { ...supplierUser, id: 'u-admin', email: 'ada@demo.tern.test', role: 'admin' };

export const session: Session = {
  id: 's-1',
  type: 'session',
  token: 'tok-1',
  ttl: 3600,
  userRole: 'supplier',
  deviceIdentifier: null,
  purpose: 'sign_in',
  user: supplierUser,
};

export const otpChallenge: OtpChallenge = {
  id: 'c-1',
  type: 'otp_challenge',
  otpClientChallenge: 'challenge-1',
  destination: 'o••@demo.tern.test',
  ttl: 600,
};

export const storedSession = (exp: number, overrides: Partial<StoredSession> = {}): StoredSession => ({
  token: 'tok-1',
  exp,
  userRole: 'supplier',
  purpose: 'sign_in',
  user: supplierUser,
  ...overrides,
});
