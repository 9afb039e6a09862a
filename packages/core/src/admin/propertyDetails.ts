import type { PropertyDetails, PropertyDetailsBody } from '@tern/sdk';
import { validationKeys } from '../auth/rules.js';
import { type FormDrawerInput, type FormErrors, formDrawerInput } from './formDrawerMachine.js';

// The property details form (document 2 §3 property, §5: title and currency required, R172), for
// `formDrawerMachine`: what it starts with, its rule, and what a save sends. The server checks the same again.

/** The form's values: the body's fields, the content's two texts, and the facilities chosen (sorted codes). */
export type PropertyDetailsDraft = Omit<PropertyDetailsBody, 'facilities' | 'content'> & {
  description: string;
  importantInformation: string;
  facilities: string[];
};

export function propertyDetailsDraftOf(details: PropertyDetails): PropertyDetailsDraft {
  return {
    title: details.title,
    currency: details.currency,
    orderNumberPrefix: details.orderNumberPrefix,
    replyToName: details.replyToName,
    replyToEmail: details.replyToEmail,
    email: details.email,
    phone: details.phone,
    country: details.country,
    timezone: details.timezone,
    zipCode: details.zipCode,
    state: details.state,
    city: details.city,
    address: details.address,
    propertyType: details.propertyType,
    description: details.content.description,
    importantInformation: details.content.importantInformation,
    facilities: details.facilities.flatMap((g) => g.facilityCodes).sort(),
    latitude: details.latitude,
    longitude: details.longitude,
  };
}

/** Document 2 §5: a title and a currency. */
export function validatePropertyDetails(draft: PropertyDetailsDraft): FormErrors {
  const errors: Record<string, string> = {};
  if (draft.title.trim() === '') errors.title = validationKeys.required;
  if (!draft.currency) errors.currency = validationKeys.required;
  return errors;
}

/** Turns a facility on or off, keeping the codes sorted (so an undone change is not dirty). */
export const toggleFacility = (codes: readonly string[], code: string, on: boolean) =>
  on ? [...new Set([...codes, code])].sort() : codes.filter((c) => c !== code);

export function propertyDetailsBodyOf(draft: PropertyDetailsDraft): PropertyDetailsBody {
  const { description, importantInformation, facilities, ...fields } = draft;
  return {
    ...fields,
    content: { description, importantInformation },
    facilities,
  };
}

export const propertyDetailsFormInput = (details: PropertyDetails): FormDrawerInput<object> =>
  formDrawerInput<PropertyDetailsDraft>({
    values: propertyDetailsDraftOf(details),
    validate: validatePropertyDetails,
  });
