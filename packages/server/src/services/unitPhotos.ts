import type { PropertyPhotos, photosBody } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../db/db.js';
import type { Actor } from './admin/audit.js';
import { getOwnerPhotos, saveOwnerPhotos } from './photos.js';

// A unit's (room type's) photos (document 2 §3 Unit, Photo): read and saved by the property photos' rules
// (photos.ts) in the unit's own columns, which the engine's unit details read. New photos are uploads of the
// unit's property; the unit was resolved (of a property the caller works at) by the call's ownership check.

export interface OwnedUnit {
  id: string;
  propertyId: string;
}

export const getUnitPhotos = (db: Db, unit: OwnedUnit): Promise<PropertyPhotos> =>
  getOwnerPhotos(db, { type: 'unit', id: unit.id, propertyId: unit.propertyId });

export const saveUnitPhotos = (
  db: Db,
  actor: Actor,
  unit: OwnedUnit,
  body: z.output<typeof photosBody>,
): Promise<PropertyPhotos> =>
  saveOwnerPhotos(db, actor, { type: 'unit', id: unit.id, propertyId: unit.propertyId }, body);
