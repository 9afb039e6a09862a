import type { SeedSource } from '../seed.js';
import { devInventory, devWorld } from './devWorld.js';

/**
 * Where the seed gets the demo world. INTERIM: `@tern/fixtures` has no index yet, so this serves the small
 * world of `devWorld.ts`. Once the fixtures export their world, photos folder and inventory generator, this
 * file is the only one to change, e.g.:
 *
 *   import { demoWorld, generateInventory, photosDir as fixturesPhotos } from '@tern/fixtures';
 *   export const photosDir = fixturesPhotos;
 *   export const demoSource = async () => ({ world: demoWorld, inventory: (from, days) => … });
 *
 * (and `demoTypes.ts` becomes `export type * from '@tern/fixtures'`).
 */
export const photosDir: string | null = null;

export async function demoSource(): Promise<SeedSource> {
  return { world: devWorld, inventory: (from, days) => devInventory(devWorld, from, days) };
}
