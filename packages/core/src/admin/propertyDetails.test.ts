import type { PropertyDetails } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  propertyDetailsBodyOf,
  propertyDetailsDraftOf,
  toggleFacility,
  validatePropertyDetails,
} from './propertyDetails.js';

const details = {
  id: 'p1',
  title: 'Harbour View',
  currency: 'EUR',
  orderNumberPrefix: 'HV',
  replyToName: '',
  replyToEmail: '',
  email: 'desk@harbour.test',
  phone: '',
  country: 'PT',
  timezone: 'Europe/Lisbon',
  zipCode: '',
  state: '',
  city: 'Lisbon',
  address: '',
  propertyType: 'hotel',
  content: { description: 'By the sea', importantInformation: '' },
  facilities: [
    { categoryCode: 'wellness', facilityCodes: ['sauna', 'pool'] },
    { categoryCode: 'general', facilityCodes: ['bar'] },
  ],
  latitude: 38.7,
  longitude: -9.1,
} as unknown as PropertyDetails;

describe('the property details form (document 2 §5, R172)', () => {
  it.each([
    ['as loaded', {}, {}],
    ['without a title', { title: '  ' }, { title: 'validation_messages.required' }],
    ['without a currency', { currency: '' }, { currency: 'validation_messages.required' }],
  ])('is checked %s', (_, patch, errors) => {
    expect(validatePropertyDetails({ ...propertyDetailsDraftOf(details), ...patch })).toEqual(errors);
  });

  it.each([
    [['bar', 'pool'], 'sauna', true, ['bar', 'pool', 'sauna']],
    [['bar', 'pool'], 'bar', true, ['bar', 'pool']],
    [['bar', 'pool'], 'bar', false, ['pool']],
  ])('facilities %j with %s %s are %j', (codes, code, on, after) => {
    expect(toggleFacility(codes, code, on)).toEqual(after);
  });

  it('sends the content and the facilities as the body has them', () => {
    const draft = propertyDetailsDraftOf(details);
    expect(draft.facilities).toEqual(['bar', 'pool', 'sauna']);
    expect(propertyDetailsBodyOf(draft)).toMatchObject({
      title: 'Harbour View',
      propertyType: 'hotel',
      content: { description: 'By the sea', importantInformation: '' },
      facilities: ['bar', 'pool', 'sauna'],
      latitude: 38.7,
    });
  });
});
