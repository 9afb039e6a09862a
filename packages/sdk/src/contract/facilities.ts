/** A facility category: its code (a group's `categoryCode`), an English label, and its facilities. */
export interface FacilityCategory {
  code: string;
  label: string;
  /** Where the category is used: on a property, on a unit (room type), or both. */
  scope: 'property' | 'unit';
  facilities: Record<string, string>;
}

/**
 * Tern's facility catalogue (document 2 §3 facilities, a grouped multi-select): every facility a property or a
 * unit may list, by category, with English labels (the web app translates them). Codes are unique across
 * categories, so a code alone names its category. The server checks facilities against it; the demo world uses
 * it too.
 */
export const facilityCatalogue = [
  {
    code: 'general',
    label: 'General',
    scope: 'property',
    facilities: {
      free_wifi: 'Free Wi-Fi',
      elevator: 'Elevator',
      '24h_front_desk': '24-hour front desk',
      non_smoking: 'Non-smoking throughout',
      luggage_storage: 'Luggage storage',
      family_rooms: 'Family rooms',
      laundry: 'Laundry service',
      concierge: 'Concierge',
      heating: 'Heating',
      self_check_in: 'Self check-in',
      pets_allowed: 'Pets allowed',
    },
  },
  {
    code: 'food_drink',
    label: 'Food & drink',
    scope: 'property',
    facilities: {
      restaurant: 'Restaurant',
      bar: 'Bar',
      breakfast_buffet: 'Breakfast buffet',
      room_service: 'Room service',
      coffee_shop: 'Coffee shop',
      shared_kitchen: 'Shared kitchen',
    },
  },
  {
    code: 'wellness',
    label: 'Wellness',
    scope: 'property',
    facilities: {
      sauna: 'Sauna',
      spa: 'Spa',
      hot_tub: 'Hot tub',
      fitness_center: 'Fitness centre',
      indoor_pool: 'Indoor pool',
      outdoor_pool: 'Outdoor pool',
      massage: 'Massage',
      steam_room: 'Steam room',
    },
  },
  {
    code: 'transport',
    label: 'Parking & transport',
    scope: 'property',
    facilities: {
      free_parking: 'Free parking',
      paid_parking: 'Paid parking',
      ev_charging: 'EV charging',
      airport_shuttle: 'Airport shuttle',
      bicycle_rental: 'Bicycle rental',
      car_hire_desk: 'Car hire desk',
    },
  },
  {
    code: 'business',
    label: 'Business',
    scope: 'property',
    facilities: {
      meeting_rooms: 'Meeting rooms',
      business_center: 'Business centre',
      coworking: 'Co-working space',
    },
  },
  {
    code: 'outdoors',
    label: 'Outdoors',
    scope: 'property',
    facilities: { terrace: 'Terrace', garden: 'Garden', rooftop_terrace: 'Rooftop terrace', bbq: 'Barbecue' },
  },
  {
    code: 'accessibility',
    label: 'Accessibility',
    scope: 'property',
    facilities: {
      step_free_access: 'Step-free access',
      accessible_rooms: 'Accessible rooms',
      hearing_loop: 'Hearing loop at reception',
    },
  },
  {
    code: 'room',
    label: 'In the room',
    scope: 'unit',
    facilities: {
      tv: 'Flat-screen TV',
      desk: 'Desk',
      safe: 'Safe',
      minibar: 'Minibar',
      kettle: 'Kettle',
      coffee_machine: 'Coffee machine',
      air_conditioning: 'Air conditioning',
      soundproofing: 'Soundproofing',
      blackout_curtains: 'Blackout curtains',
      balcony: 'Balcony',
      sofa_bed: 'Sofa bed',
      crib_available: 'Cot on request',
      lockers: 'Lockers',
      reading_light: 'Reading light',
    },
  },
  {
    code: 'bathroom',
    label: 'Bathroom',
    scope: 'unit',
    facilities: {
      private_bathroom: 'Private bathroom',
      shared_bathroom: 'Shared bathroom',
      shower: 'Shower',
      bathtub: 'Bathtub',
      hairdryer: 'Hairdryer',
      bathrobe: 'Bathrobe and slippers',
      toiletries: 'Free toiletries',
      heated_floor: 'Heated floor',
    },
  },
  {
    code: 'kitchen',
    label: 'Kitchen',
    scope: 'unit',
    facilities: {
      kitchenette: 'Kitchenette',
      full_kitchen: 'Full kitchen',
      dishwasher: 'Dishwasher',
      washing_machine: 'Washing machine',
      dining_table: 'Dining table',
    },
  },
  {
    code: 'view',
    label: 'View',
    scope: 'unit',
    facilities: {
      sea_view: 'Sea view',
      harbour_view: 'Harbour view',
      city_view: 'City view',
      river_view: 'River view',
      canal_view: 'Canal view',
      mountain_view: 'Mountain view',
      castle_view: 'Castle view',
      courtyard_view: 'Courtyard view',
      garden_view: 'Garden view',
    },
  },
] as const satisfies readonly FacilityCategory[];

type KeysOf<T> = T extends unknown ? Extract<keyof T, string> : never;

/** Any facility code of the catalogue. */
export type FacilityCode = KeysOf<(typeof facilityCatalogue)[number]['facilities']>;

const categoryOf = new Map<string, string>(
  facilityCatalogue.flatMap((c) => Object.keys(c.facilities).map((f) => [f, c.code] as const)),
);

const labelOf = new Map<string, string>(
  facilityCatalogue.flatMap((c) => Object.entries(c.facilities) as [string, string][]),
);

/** The English label of a facility code, or the code itself when the catalogue does not know it. */
export function facilityLabel(code: string): string {
  return labelOf.get(code) ?? code;
}

/** The English label of a facility category code, or the code itself. */
export function facilityCategoryLabel(code: string): string {
  return facilityCatalogue.find((c) => c.code === code)?.label ?? code;
}

/** Whether a code is in the catalogue, for a property (`property`) or a unit (`unit`). */
export function isFacility(code: string, scope?: FacilityCategory['scope']): boolean {
  const category = categoryOf.get(code);
  return (
    category !== undefined &&
    (!scope || facilityCatalogue.some((c) => c.code === category && c.scope === scope))
  );
}

/** Groups facility codes by category, in catalogue order (an unknown code throws: check with `isFacility`). */
export function groupFacilities(
  codes: readonly string[],
): { categoryCode: string; facilityCodes: string[] }[] {
  for (const code of codes) if (!categoryOf.has(code)) throw new Error(`Unknown facility code ${code}`);
  return facilityCatalogue
    .map((c) => ({
      categoryCode: c.code as string,
      facilityCodes: codes.filter((f) => categoryOf.get(f) === c.code),
    }))
    .filter((g) => g.facilityCodes.length > 0);
}
