import { demoWorld, photosDir as fixturesPhotos, generateInventory } from '@tern/fixtures';
import type { SeedSource } from '../seed.js';

/** Folder of the demo photos, served at `/photos/<file>`. */
export const photosDir: string | null = fixturesPhotos;

/** The demo world of `@tern/fixtures` and its deterministic day-by-day inventory. */
export async function demoSource(): Promise<SeedSource> {
  return { world: demoWorld, inventory: (from, days) => generateInventory(demoWorld, from, days) };
}
