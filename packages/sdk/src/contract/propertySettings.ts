import * as z from 'zod';
import { hotelType } from './admin.js';
import { email, id, recordId } from './common.js';
import { defineArea, endpoint } from './define.js';
import { facilityGroup } from './engine.js';
import { timeZone } from './timeZones.js';

// A property's details as its staff edit them (document 2 §2 property details page, §3 property details, §5,
// §7 "property settings", §8): what the engine shows resellers on the property page and in search, at once.
// Photos and the logo come with the upload (a later step).

export const DESCRIPTION_MAX = 20_000;

/** Whether a code is an ISO 4217 currency this server knows. */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

export const propertyDetails = z.object({
  id: recordId,
  type: z.literal('propertyDetails'),
  kind: z.enum(['accommodation', 'vehicle']),
  title: z.string(),
  currency: z.string(),
  orderNumberPrefix: z.string(),
  replyToName: z.string(),
  replyToEmail: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  timezone: z.string(),
  zipCode: z.string(),
  state: z.string(),
  city: z.string(),
  address: z.string(),
  /** The kind of lodging; `null` for a car station. */
  propertyType: hotelType.nullable(),
  content: z.object({ description: z.string(), importantInformation: z.string() }),
  facilities: z.array(facilityGroup),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  updatedAt: z.string(),
});
export type PropertyDetails = z.infer<typeof propertyDetails>;

const text = (max: number) => z.string().trim().max(max).default('');
export const propertyDetailsBody = z.object({
  title: z.string().trim().min(1, { error: 'required' }).max(200),
  currency: z.string().trim().toUpperCase().refine(isCurrency, { error: 'Pick a currency from the list' }),
  orderNumberPrefix: z
    .string()
    .trim()
    .max(10)
    .regex(/^[A-Za-z0-9-]*$/, { error: 'Use letters, digits and - only' })
    .default(''),
  replyToName: text(200),
  replyToEmail: z.union([z.literal(''), email]).default(''),
  email: z.union([z.literal(''), email]).default(''),
  phone: text(40),
  country: text(100),
  timezone: timeZone.optional(),
  zipCode: text(20),
  state: text(100),
  city: text(100),
  address: text(200),
  propertyType: hotelType.nullable().optional(),
  content: z
    .object({ description: text(DESCRIPTION_MAX), importantInformation: text(DESCRIPTION_MAX) })
    .default({ description: '', importantInformation: '' }),
  /** Facility codes of the catalogue's property categories. */
  facilities: z.array(z.string().max(64)).max(300).default([]),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
});
export type PropertyDetailsBody = z.input<typeof propertyDetailsBody>;

export const facilityOptions = z.object({
  categories: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      facilities: z.array(z.object({ code: z.string(), label: z.string() })),
    }),
  ),
});

export const propertySettingsArea = defineArea('propertySettings', {
  get: endpoint({
    method: 'GET',
    path: '/api/v1/tern_hotels/properties/{id}',
    summary: 'A property’s details, for its settings page.',
    access: ['supplier', 'admin'],
    owns: { id: 'property' },
    params: z.object({ id }),
    reply: 'resource',
    response: propertyDetails,
    errors: [404],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/v1/tern_hotels/properties/{id}',
    summary:
      'Saves a property’s details: resellers see them on the property page and in search at once. Facilities are codes of the catalogue; the position comes from the map marker.',
    access: ['supplier', 'admin'],
    owns: { id: 'property' },
    params: z.object({ id }),
    body: propertyDetailsBody,
    reply: 'resource',
    response: propertyDetails,
    errors: [400, 404],
  }),
  facilityOptions: endpoint({
    method: 'GET',
    path: '/api/v1/tern_hotels/property_facilities/options',
    summary: 'The facilities a property may list, by category (the grouped multi-select).',
    access: ['supplier', 'admin'],
    reply: 'plain',
    response: facilityOptions,
  }),
});
