import type { SeedSource } from '../seed.js';

// `@tern/fixtures` is a development dependency: it is imported here, on demand, only when the demo is asked for
// (`--demo`), so a production server runs without it.

/** The demo world of `@tern/fixtures` and its deterministic day-by-day inventory. */
export async function demoSource(): Promise<SeedSource> {
  const { demoWorld, generateInventory } = await import('@tern/fixtures');
  return { world: demoWorld, inventory: (from, days) => generateInventory(demoWorld, from, days) };
}

/** Folder of the demo photos, served at `/photos/<file>` when the demo is on. */
export async function demoPhotosDir(): Promise<string> {
  return (await import('@tern/fixtures')).photosDir;
}
