import { atlasRent } from './atlasRent.js';
import { fjordDrive } from './fjordDrive.js';
import { northwindCars } from './northwindCars.js';
import type { CarProvider } from './types.js';

export type { CarProvider, DriverProfile, ProviderName, StationCar } from './types.js';

/** Every simulated provider, in the order they answer. */
export const carProviders: readonly CarProvider[] = [northwindCars, fjordDrive, atlasRent];

export function providerNamed(name: string | null | undefined): CarProvider | null {
  return carProviders.find((p) => p.name === name) ?? null;
}
