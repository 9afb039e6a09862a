import type { User } from '@tern/sdk';
import { type FieldValue, formatInstant } from '../../output.js';

/** Who is signed in, as key/value rows: name, e-mail, role, then the agency (resellers) or the properties. */
export function userFields(
  user: User,
  session: {
    apiUrl: string;
    exp: number | undefined;
    /** The profile signed in (`--profile`, TERN_PROFILE), if not the default one. */
    profile?: string | undefined;
    /** The default property `tern use` stored for this API, if any. */
    defaultProperty?: string | undefined;
  },
): [string, FieldValue][] {
  const chosen = session.defaultProperty;
  const chosenName = user.ternHotels.find((p) => p.id === chosen)?.name;
  return [
    ['Name', user.name],
    ['E-mail', user.email],
    ['Role', user.role],
    ['Status', user.status === 'active' ? null : user.status],
    [
      'Agency',
      user.agent ? `${user.agent.name}${user.agent.paymentLocked ? ' (payment locked)' : ''}` : null,
    ],
    [
      user.ternHotels.length === 1 ? 'Property' : 'Properties',
      // Each with its id: the `--property` of the hotel's commands (and of `tern use`).
      user.ternHotels.map((p) => `${p.name} (${p.role}${p.locked ? ', payment locked' : ''})  ${p.id}`),
    ],
    // What a hotel command takes when --property is left out (`tern use`); one no longer theirs is said so.
    [
      'Default property',
      chosen === undefined ? null : chosenName ? `${chosenName}  ${chosen}` : `${chosen} (not one of yours)`,
    ],
    ['Profile', session.profile ?? null],
    ['API', session.apiUrl],
    ['Session until', session.exp === undefined ? null : formatInstant(session.exp)],
  ];
}
